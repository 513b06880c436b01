"""What For-Ex adds to the commands' help: the kinds ``moves --kind`` offers
(``Game.move_kinds``), and its parts of the help (``Game.help_texts``), each by its topic, put
where a command's help writes ``{games:TOPIC}`` (``cli.with_game_texts``).  A part that stands
as a paragraph is a docstring's paragraphs; a part within a sentence is run into it as written,
with its own leading space or punctuation.  Nothing is imported: ``--help`` reads this alone."""

from __future__ import annotations

MOVE_KINDS = ("resolve", "invest", "contract", "divest", "sell", "strengthen", "strongest", "spot")
"""The kinds ``forex moves --kind`` lists one by one (``Game.move_kinds``)."""

HELP_TEXTS = {
    "title": "For-Ex",
    "examples": "\n".join(
        (
            "The rules in short:  forex rules",
            "Start a game:        forex new game.yaml --players alice,bob,carol",
            "See it:              forex show game.yaml",
            "What can be played:  forex moves game.yaml",
            "Play a move:         forex play game.yaml alice invest USD JPY",
            "Play the computer:   forex new duel.yaml --players you,computer --engine computer",
            "                       then forex play duel.yaml you (the game at a prompt)",
            "Catch up:            forex show game.yaml --since-player bob",
            "A message to send:   forex play game.yaml alice invest USD --message",
            "Two copies differ:   forex diff mine.yaml theirs.yaml",
            "Pictures:            forex show game.yaml --svg board.svg;"
            " forex chart game.yaml -o chart.svg",
            "A replay page:       forex html game.yaml (then open game.html in a browser)",
            "Check logs in CI:    forex validate games/",
        )
    ),
    "import": """
        TABLE_LOG is .json, .json.gz, or - for standard input: the JSON that
        Board Game Arena's game review page loads for a table. Seat order and
        first player are read from the turns it shows, the names as the site
        shows them; each action becomes a decision in forex play's notation (an
        accepted spot trade joined to the action after it; refused and
        cancelled offers are not decisions), with the divest answers and the
        tie choices. The header gets site: with the table number, started: (the
        first packet's time, UTC) and a title.

        A table log does not say which 6 certificates were removed at set-up.
        Without --removed they are deduced from it: each currency's purchases
        (no more than its supply held) and the certificate numbers the purchases
        pass over (removed: the site hands out a currency's highest left). When
        exactly one set agrees, it is taken and the log says so in a comment;
        when several do, they are listed (or the counts each currency allows)
        and nothing is written (exit 2, removed_unknown): the board at the start
        of the table's replay shows them. --removed CUR=N,... gives them (a set
        the table log rules out is refused, removed_inconsistent, exit 2);
        --removed unknown writes removed: unknown, and the replay then lets the
        supply hold all 8 of each currency.

        Every money change, certificate bought or sold, contract taken, dividend
        paid, move of the board and of the queue, and the final conversion in
        the table log must be what the replay of the written log gives; a
        disagreement is reported at its packet (move_id) and notification, and
        nothing is written. A game in progress is imported up to its last
        decision. The log is written atomically.""",
    "import --removed": "The 6 certificates removed at set-up, as forex new takes them"
    " (GBP=1,USD=2,CNY=3), or 'unknown' to record them as not known [deduced when the table"
    " log allows one set].",
    "new": """
        For-Ex: the set-up is the first player and the 6 certificates removed
        (given, or drawn from a seed), and the house rules if any.""",
    "new --engine": " answer the offers to its seats (For-Ex's spot deals) and",
    "seat": ", and answers the offers made to them (For-Ex's spot deals)",
    "play": """
        \b
          forex play game.yaml bob contract 6 USD for 12 JPY
          forex play game.yaml bob "spot 1 GBP to carol for 1.5 EUR; invest USD\"""",
    "play --engine": " For-Ex: a spot deal it makes with a person waits as an open offer in an"
    " unsigned game (the person answers accept or decline), and awaits the partner's signature in a"
    " signed one.",
    "play replies": " For-Ex: a spot offered to an engine seat is answered by the engine: one it"
    " declines is refused (spot_declined). The engine's offer to a person waits for the"
    " answer: forex play FILE NAME accept (or decline); by mail, --eml OUT.eml mails the"
    " answer to the host of the offering seat.",
    "validate --require-signatures": ", and so is a For-Ex spot deal its partner has not"
    " countersigned",
    "moves": """
        For-Ex: decisions are grouped to fit the terminal (COLUMNS): investments,
        divests, divest answers, tie choices, spot offers summed per partner, and
        the contracts per currency pair as a range (1-10 GBP for 1.5-15 USD: every
        contract between its ends, either currency paid), with a contract each
        way written exactly as forex play takes it.""",
    "moves --kind": " (For-Ex's spot: an offer with the actions only it makes possible, else the"
    " first action legal after it)",
    "moves --all": "; For-Ex: then each spot offer with the actions that only it makes possible"
    " (spot ...; ACTION), or with the first action legal after it when it makes none"
    " possible",
    "show --since": "; For-Ex: payments, rates that moved, loans, dividends",
    "play changed": " (For-Ex: payments, rates that moved, loans, dividends)",
    "message shows": " (For-Ex: the board, the money and certificates, the queue)",
    "html shows": " (For-Ex: board, money, certificates, supply, queue, free letters,"
    " dividends, who decides next; the projection if the game ended now, whether each queue"
    " item's owner could pay it now and what resolving it would do, the exposure)",
    "hint order": "; For-Ex ranks a decision that lets the others bankrupt the player, or"
    " spends money the player's queued debts need, after the others: its row says why in"
    " brackets (in JSON: rule and reason)",
    "hint": """
        For For-Ex the value is half the player's expected share of the final
        scores, half their chance of finishing first.""",
    "analyse decides": (
        " (For-Ex: a bankruptcy, a contract that cannot be paid, the game's end; else the"
        " scores the engine expects where the line stops)"
    ),
    "selfplay --seat": " (For-Ex: greedy, random, oneply, investor, trader, cautious)",
    "chart": """
        For-Ex: one line per currency, at the start and after every move; dashed
        lines mark the dividends. A currency's strength is how far its six pairs
        stand from 1:1, counted up where it is the stronger side and down where
        it is the weaker: the seven strengths add up to 0.""",
}
"""For-Ex's parts of the help by topic (see the module)."""
