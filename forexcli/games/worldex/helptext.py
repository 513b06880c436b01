"""What World Exchangers adds to the commands' help: the kinds ``moves --kind`` offers
(``Game.move_kinds``: none), and its parts of the help (``Game.help_texts``), each by its topic,
put where a command's help writes ``{games:TOPIC}`` (``cli.with_game_texts``).  A part that
stands as a paragraph is a docstring's paragraphs; a part within a sentence is run into it as
written, with its own leading space or punctuation.  Nothing is imported: ``--help`` reads this
alone."""

from __future__ import annotations

MOVE_KINDS: tuple[str, ...] = ()
"""The kinds ``forex moves --kind`` lists one by one (``Game.move_kinds``): none, its list
shows every decision."""

HELP_TEXTS = {
    "title": "World Exchangers",
    "examples": """
        World Exchangers:    forex new wx.yaml --game world-exchangers --players ben,ann
                               (the invented components; --components FILE for yours);
                             then forex moves wx.yaml, forex play wx.yaml ben buy Vienna""",
    "new": """
        With --game world-exchangers it names the components file and its SHA-256:
        --components FILE, or without it the invented components forexcli ships
        (not the published cards; the log names them invented-components.json,
        read from anywhere by their SHA-256), and the tool deals from --seed (a
        random one if not given):

        \b
          forex new wx.yaml --game world-exchangers --players ben,ann
          forex moves wx.yaml
          forex play wx.yaml ben buy Vienna""",
    "show --seat": "World Exchangers, with --svg or --png: whose board to draw, or all [the"
    " player to play; every board when the deck or nobody is to play].",
    "chart": """
        World Exchangers: one line per player, their cash at the start and after
        every entry, the months marked along the bottom; a dashed line marks the
        mid-year trend card.""",
    "html": """
        World Exchangers: at every position the page shows each player's board
        with the cash-flow line and the spaces it gained, cash, media, cities and
        boxes, the sale area, the trend cards, the media track and the scores
        (if the game ended now, then the final ones and the winner); the chart
        is every player's cash.""",
    "hint": """
        For World Exchangers the value is the player's chance of winning, and
        the search never looks at the order of the deck (it tries orders
        consistent with the cards turned up).""",
    "analyse": """
        For World Exchangers the deck's reveals are not judged, and what decides
        a line is the final totals the search scores its simulations by (as if
        the game ended where each simulation stops), averaged over those through
        the decision: the player's and the best other player's.""",
    "selfplay --game": ": World Exchangers takes 2 to 4 players and the seats engine, greedy"
    " and random",
    "selfplay --components": "World Exchangers: the components file the logs name [the"
    " invented components forexcli ships].",
    "selfplay": """
        With --game world-exchangers the games are World Exchangers games dealt
        from SEED-1, SEED-2, ... (deal: seed), over the invented components
        unless --components names a file.""",
}
"""World Exchangers' parts of the help by topic (see the module)."""
