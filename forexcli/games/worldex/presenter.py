"""What the commands print of a World Exchangers game, the views of ``games.base.Game``
(``show_text`` ... ``new_log``) over ``BaseGame``'s defaults: ``WorldexViews``, which
``WorldexGame`` inherits.

Each method imports the reporter it asks when called, so that the game object stays light.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, Optional

from .. import ViewRefused
from ..defaults import BaseGame
from ..newoptions import SITE, STARTED, TITLE, NewOption
from .helptext import MOVE_KINDS

NEW_OPTIONS = (
    NewOption(
        "first",
        "World Exchangers: the red marker's holder starts; --first is needed (and only allowed)"
        " when the seed deals nobody the red marker.",
        metavar="NAME",
    ),
    NewOption(
        "seed",
        "World Exchangers: deal the roles, starting cities, trend cards, sale area and deck"
        " from this seed; without it a random seed is drawn and recorded.",
        metavar="TEXT",
    ),
    TITLE,
    SITE,
    STARTED,
    NewOption(
        "house_rule",
        "World Exchangers: trend_ties=all|none, media_floor=zero|none, pass_symbols=gain|none,"
        " mid_year_refill=refill|skip [the first of each]",
        metavar="NAME=VALUE",
        multiple=True,
    ),
    NewOption(
        "components",
        "World Exchangers: the components file (cards and boards) the log names, with its"
        " SHA-256 [the invented components forexcli ships].",
        metavar="FILE",
        path=True,
    ),
    NewOption(
        "board",
        "World Exchangers: the side of a player's board [A]",
        metavar="NAME=A|B",
        multiple=True,
    ),
    NewOption(
        "roles_side", "World Exchangers: the side of the role cards [A].", choices=("A", "B")
    ),
)
"""The options ``forex new`` takes for a World Exchangers log (``Game.new_options``); the
seed deals (the command's help says so)."""


def _position(replay: Any, at: int, markdown: bool, width: int, noted: bool = True) -> str:
    """``After move 8 of 36``, the move's line and (``noted``) its note (``forex show``)."""
    from ...reporters import clean, md, plural
    from ...reporters.tables import note_lines, wrapped

    entries = replay.log.entries
    if not at:
        where = f"At the start ({plural(len(entries), 'move')})"
        return f"*{md(where)}*" if markdown else where
    last = entries[at - 1]
    text = f"After move {at} of {len(entries)}. Last move: {at}. {last.key}: {last.text}"
    lines = [md(text) if markdown else wrapped(clean(text), width)]
    if last.note and noted:
        lines.extend(note_lines(last.note, markdown=markdown, width=width))
    return "\n".join(lines)


class WorldexViews(BaseGame[Any, Any]):
    """World Exchangers' views for ``show``, ``moves``, ``chart``, ``html`` and ``new``."""

    def show_text(
        self,
        replay: Any,
        at: int,
        *,
        since: Optional[int],
        since_player: Optional[str],
        markdown: bool,
        style: Any,
        width: int,
    ) -> str:
        """The status lines, which move the game is after (the last move and its note),
        and the tables (``views.render_text``), after what happened since move ``since``
        when given."""
        from .views import layout, render_text

        state = replay.state_after(at)
        text = layout.markdown_text(state) if markdown else render_text(state, width)
        status, tables = text.split("\n\n", 1) if "\n\n" in text else (text, "")
        if markdown and status.startswith("**"):  # the bold first line, then its list
            more, _, tables = tables.partition("\n\n")
            status += "\n\n" + more
        told = since is not None and since < at  # the catch-up tells the last move's note
        position = _position(replay, at, markdown, width, noted=not told)
        text = status + "\n\n" + position + "\n\n" + tables
        if since is not None:
            items = layout.told(replay, since, at)
            text = layout.catch_up_text(items, since, markdown=markdown) + "\n" + text
        return text.rstrip("\n")

    def show_data(self, replay: Any, at: int, since: Optional[int]) -> dict[str, Any]:
        """The public state (``views.show_view``), with the move it is after and that move's
        note; the moves are ``history``'s."""
        if since is not None:
            raise ViewRefused(
                "show --format json of a World Exchangers log is the state alone: leave out"
                " --since/--since-player (forex history --format json lists the moves)",
                hints=(
                    "the moves since then: forex history FILE --format json; the state: forex"
                    " show FILE --format json",
                ),
            )
        from .views import show_view

        data = show_view(replay.state_after(at))
        last = replay.log.entries[at - 1] if at else None
        data["moves"], data["at"] = len(replay.log.entries), at
        data["last_move"] = None if last is None else {
            "number": last.number, "player": last.key, "decision": last.text, "note": last.note,
        }  # fmt: skip
        return data

    def board_picture(self, state: Any, seat: Optional[str], title: str) -> tuple[str, str]:
        """The board of ``seat`` (``all``: every one; None: the player to play's)."""
        from ...reporters import clean
        from .views import layout

        try:
            seats = layout.seats_of(state, seat)
        except ValueError as error:
            raise ViewRefused(
                clean(str(error)),
                "--seat",
                hints=("--seat takes a player's name, or all for every board",),
            ) from None
        return layout.boards_svg(state, seats, title), "board" if len(seats) == 1 else "boards"

    def chart(self, replay: Any, title: Optional[str]) -> str:
        """Every player's cash over the game (``chart.cash_chart_svg``)."""
        from .chart import cash_chart_svg

        return cash_chart_svg([replay.initial, *replay.states], title or replay.log.title)

    def replay_page(
        self,
        replay: Any,
        at: Optional[int],
        title: Optional[str],
        evaluation: Optional[Any] = None,
    ) -> str:
        """The replay page (``page.worldex_page``)."""
        from .page import worldex_page

        return worldex_page(replay, at=at, title=title, evaluation=evaluation)

    def moves_text(
        self,
        replay: Any,
        at: int,
        *,
        path: str,
        kinds: Sequence[str],
        every: bool,
        markdown: bool,
        style: Any,
        width: int,
    ) -> str:
        """Every legal entry with its price and notes (``views.layout.moves_text``)."""
        from .views import layout

        return layout.moves_text(replay, at, path, markdown=markdown, width=width).rstrip("\n")

    def moves_data(self, replay: Any, at: int, kinds: Sequence[str]) -> dict[str, Any]:
        """The legal entries as the frame lists them (``reporters.record.moves_data``)."""
        from ...reporters import record

        return record.moves_data(replay, at)

    def move_kinds(self) -> tuple[str, ...]:
        """``MOVE_KINDS``."""
        return MOVE_KINDS

    def new_options(self) -> Sequence[NewOption]:
        """``NEW_OPTIONS``."""
        return NEW_OPTIONS

    def help_texts(self) -> Mapping[str, str]:
        """``helptext.HELP_TEXTS``."""
        from .helptext import HELP_TEXTS

        return HELP_TEXTS

    def new_log(self, players: Sequence[str], options: Mapping[str, Any], path: str) -> str:
        """A log naming the components file (with its SHA-256), dealt from a seed."""
        from ...record.hints import confusable_pairs
        from ...reporters import clean
        from ...reporters.newlog import random_seed
        from .load import EXAMPLE_COMPONENTS, SHIPPED_NAME, ComponentsFileError, read_components
        from .newlog import (
            new_log_text,
            parse_house_rules,
            red_marker_holder,
            red_marker_missing,
        )

        for a, b in confusable_pairs(players):
            raise ViewRefused(
                f"{clean(a)!r} and {clean(b)!r} would be taken for one player: names must"
                " differ by more than letter case, spaces or Unicode forms",
                "--players",
                hints=(f"rename one of them, e.g. {clean(b)!r} as {clean(b + '2')!r}",),
            )
        named: str | None = options.get("components")
        shipped = named is None  # the invented ones forexcli ships (SHIPPED_NAME)
        components = str(EXAMPLE_COMPONENTS) if named is None else named
        first = options.get("first")
        if first is not None and first not in players:
            raise ViewRefused(
                f"{clean(first)!r} is not one of the players{_meant(first, players)}",
                "--first",
                hints=(
                    f"name one of the players with --first: {', '.join(clean(n) for n in players)}",
                ),
            )
        try:
            loaded = read_components(components)
        except ComponentsFileError as error:
            reason = "; ".join((error.reason, *error.hints))
            raise ViewRefused(
                clean(reason),
                "--components",
                hints=(
                    f"name a components file that reads; the bundled one: {EXAMPLE_COMPONENTS}",
                ),
            ) from None
        try:
            rules = parse_house_rules(options.get("house_rule") or ())
        except ValueError as error:
            raise ViewRefused(
                clean(str(error)),
                "--house-rule",
                hints=(HOUSE_RULE_HINT,),
            ) from None
        seed = options.get("seed") or random_seed()
        holder = red_marker_holder(loaded.components, players, seed) if first else None
        if first is not None and holder is not None and holder != first:
            raise ViewRefused(
                f"the seed deals {clean(holder)} the red marker, so {clean(holder)} starts:"
                " leave out --first (it names the starting player only when the seed deals"
                " nobody the red marker)",
                "--first",
                hints=(f"leave out --first: {clean(holder)} starts",),
            )
        if first is None and len(players) >= 2:
            dealt = red_marker_missing(loaded.components, players, seed)
            named = ", ".join(clean(n) for n in players)
            if dealt is not None:
                raise ViewRefused(
                    f"the seed deals no red marker ({clean(dealt)}): the rulebook's starting"
                    " player is the one who spent the most money today, which the log cannot"
                    f" know; name them with --first (one of {named})",
                    hints=("add --first NAME: the player who spent the most money today",),
                )
        from ...record.problems import command_word

        boards = {}
        for item in options.get("board") or ():
            name, sep, side = item.partition("=")
            if not sep or name.strip() not in players or side.strip() not in ("A", "B"):
                raise ViewRefused(
                    f"{clean(item)!r}: write NAME=A or NAME=B for a player",
                    "--board",
                    hints=(
                        f"for example --board {command_word(players[0] + '=B')}, once a player",
                    ),
                )
            boards[name.strip()] = side.strip()
        folder = os.path.dirname(os.path.abspath(path))
        relative = os.path.relpath(os.path.abspath(components), folder).replace(os.sep, "/")
        if shipped:  # no path of this machine: read back anywhere by its SHA-256
            relative = SHIPPED_NAME
        return new_log_text(
            players,
            relative,
            loaded.sha256,
            seed,
            first=first,
            title=options.get("title") or None,
            site=options.get("site") or None,
            started=options.get("started") or None,
            roles_side=options.get("roles_side"),
            boards=boards,
            house_rules=rules,
        )

    def new_log_report(self, path: str, replay: Any, options: Mapping[str, Any]) -> str:
        """Who plays which role and board, who starts, what is face up (``newlog``)."""
        from .newlog import created_report, parse_house_rules

        rules = parse_house_rules(options.get("house_rule") or ())
        shipped = options.get("components") is None
        return created_report(path, replay.final, replay.log.seed or "", rules, shipped=shipped)


HOUSE_RULE_HINT = (
    "forex new --help lists the house rules and their values (--house-rule NAME=VALUE)"
)


def _meant(name: str, names: Sequence[str]) -> str:
    """``; did you mean ann?`` when one of ``names`` is close to ``name``."""
    from ...reporters import clean
    from ...words import close_match

    match = close_match(name, names)
    return f"; did you mean {clean(match)}?" if match is not None else ""
