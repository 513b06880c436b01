"""What the commands print of a For-Ex game, the views of ``games.base.Game`` (``show_text``
... ``new_log``) over ``BaseGame``'s defaults: ``ForexViews``, which ``ForexGame`` inherits.

Each method imports the reporter it asks when called, so that the game object stays light.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Optional

from ...reporters import clean
from ...words import says
from .. import ViewRefused
from ..defaults import BaseGame
from ..newoptions import SITE, STARTED, TITLE, NewOption
from .helptext import MOVE_KINDS

NEW_OPTIONS = (
    NewOption("first", "Who takes the first turn [the first seat].", metavar="NAME"),
    NewOption(
        "removed",
        "For-Ex: the 6 certificates removed at set-up: GBP=1,USD=2,CNY=3 (or"
        " GBP,USD,USD,CNY,CNY,CNY).",
        metavar="CUR=N,...",
    ),
    NewOption(
        "seed",
        "For-Ex: draw the removed certificates from this seed; without --removed or --seed a"
        " random seed is drawn and recorded.",
        metavar="TEXT",
    ),
    TITLE,
    SITE,
    STARTED,
    NewOption(
        "house_rule",
        "A house rule the table plays: rounding=each|total, merged_loan=keep|back [each, keep]",
        metavar="NAME=VALUE",
        multiple=True,
    ),
    NewOption(
        "schema_ref",
        "Write a first-line modeline naming this schema for editors (a path relative to the"
        " log, such as ../schemas/forex-log.schema.json, saved by forex schema > FILE; or a URL)"
        " [no modeline].",
        metavar="URL|PATH",
    ),
)
"""The options ``forex new`` takes for a For-Ex log (``Game.new_options``)."""


def _view(replay: Any, at: int) -> Any:
    from .views.common import View

    return View(replay.log, replay, at)


REMOVED_HINT = (
    "write the 6 certificates removed at set-up as CUR=N: --removed GBP=1,USD=2,CNY=3 (or"
    " --removed GBP,USD,USD,CNY,CNY,CNY), or leave --removed out to draw them"
)
HOUSE_RULE_HINT = (
    "forex new --help lists the house rules and their values (--house-rule NAME=VALUE)"
)


def _one_of(option: str, names: Sequence[str]) -> str:
    """``name one of the players with --first: ann, bob`` (a hint)."""
    return f"name one of the players with {option}: {', '.join(clean(n) for n in names)}"


def _plain_name(name: str) -> str:
    """``name`` kept to its letters, digits and spaces (``'ann'`` for ``ann:``), for a hint's
    example; ``'ann'`` when nothing is left."""
    kept = " ".join("".join(ch if ch.isalnum() else " " for ch in name).split())[:32]
    return repr(kept or "ann")


def _meant(name: str, names: Sequence[str]) -> str:
    """``; did you mean ann?`` when one of ``names`` is close to ``name``."""
    from ...words import close_match

    match = close_match(name, names)
    return f"; did you mean {clean(match)}?" if match is not None else ""


class ForexViews(BaseGame[Any, Any]):
    """For-Ex's views for ``show``, ``moves``, ``chart``, ``html`` and ``new``."""

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
        """The tables of ``forex show`` (``views.show.show_text``)."""
        from .views.show import show_text

        return show_text(
            _view(replay, at),
            markdown=markdown,
            since=since,
            style=style,
            since_player=since_player,
            width=width,
        )

    def show_data(self, replay: Any, at: int, since: Optional[int]) -> dict[str, Any]:
        """``show --format json`` (``views.show.show_data``)."""
        from .views.show import show_data

        return show_data(_view(replay, at), since)

    def board_picture(self, state: Any, seat: Optional[str], title: str) -> tuple[str, str]:
        """The shared board (``svg.board_svg``); a ``--seat`` is refused."""
        if seat is not None:
            raise ViewRefused(
                "--seat is for World Exchangers logs (each player has a board); For-Ex's board"
                " is shared: leave it out",
                hints=("leave out --seat: the board drawn is every player's",),
            )
        from .svg import board_svg

        return board_svg(state, title), "board"

    def chart(self, replay: Any, title: Optional[str]) -> str:
        """The currencies' strength over the game (``svg.strength_chart_svg``)."""
        from .svg import strength_chart_svg

        return strength_chart_svg(replay, title)

    def replay_page(
        self,
        replay: Any,
        at: Optional[int],
        title: Optional[str],
        evaluation: Optional[Any] = None,
    ) -> str:
        """The replay page (``page.replay_page``)."""
        from .page import replay_page

        return replay_page(replay.log, replay, at=at, title=title, evaluation=evaluation)

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
        """The decisions grouped (``views.moves.moves_text``); ``--kind`` lists every one."""
        from .views.moves import moves_text

        return moves_text(
            _view(replay, at),
            kinds=kinds,
            every=every or bool(kinds),
            markdown=markdown,
            style=style,
            width=width,
        )

    def move_kinds(self) -> tuple[str, ...]:
        """``MOVE_KINDS``."""
        return MOVE_KINDS

    def help_texts(self) -> Mapping[str, str]:
        """``helptext.HELP_TEXTS``."""
        from .helptext import HELP_TEXTS

        return HELP_TEXTS

    def moves_data(self, replay: Any, at: int, kinds: Sequence[str]) -> dict[str, Any]:
        """``moves --format json`` (``views.moves.moves_data``)."""
        from .views.moves import moves_data

        return moves_data(_view(replay, at), kinds)

    def new_options(self) -> Sequence[NewOption]:
        """``NEW_OPTIONS``."""
        return NEW_OPTIONS

    def new_log(self, players: Sequence[str], options: Mapping[str, Any], path: str) -> str:
        """A For-Ex header: seats, first player, the removed certificates (given, or drawn
        from a seed), house rules; checked by the rules before it is written."""
        from ...reporters.newlog import random_seed
        from .rules import HouseRules, SetupError, draw_removed, new_game
        from .views.newlog import new_log_text, parse_house_rule, parse_removed

        for name in players:
            _check_name(name, "--players")
        _check_confusable(players)
        first = options.get("first")
        if first is not None:
            _check_name(first, "--first")
            if first not in players:
                raise ViewRefused(
                    f"{clean(first)!r} is not one of the players{_meant(first, players)}",
                    "--first",
                    hints=(_one_of("--first", players),),
                )
        removed, seed = options.get("removed"), options.get("seed")
        if removed is not None and seed is not None:
            raise ViewRefused(
                "give --removed or --seed, not both",
                hints=("--removed names the certificates taken out; --seed draws them",),
            )
        counts: tuple[int, ...] | None = None
        if removed is not None:
            try:
                counts = parse_removed(removed)
            except ValueError as error:
                raise ViewRefused(str(error), "--removed", hints=(REMOVED_HINT,)) from None
        elif seed is None:
            seed = random_seed()
        rules = _house_rules(options.get("house_rule") or (), parse_house_rule)
        try:
            new_game(
                players,
                counts if counts is not None else draw_removed(seed or ""),
                first,
                HouseRules(**rules),
            )
        except SetupError as error:
            raise ViewRefused(
                clean(error.reason),
                hints=("forex new --help lists the players, set-up and house rules it takes",),
            ) from None
        return new_log_text(
            players,
            first=first,
            removed=counts,
            seed=seed,
            title=options.get("title") or None,
            site=options.get("site") or None,
            started=options.get("started") or None,
            schema_ref=options.get("schema_ref") or None,
            house_rules=rules,
        )

    def new_log_report(self, path: str, replay: Any, options: Mapping[str, Any]) -> str:
        """``created FILE: ...``: the seats, who plays first, what was removed, house rules."""
        from ...record.problems import command_path
        from .rules import CURRENCIES
        from .views.newlog import parse_house_rule

        log = replay.log
        removed = replay.initial.removed
        gone = ", ".join(f"{n} {c}" for c, n in zip(CURRENCIES, removed, strict=True) if n)
        seed = log.seed
        drawn = f" (drawn from seed {seed!r})" if seed is not None else ""
        rules = _house_rules(options.get("house_rule") or (), parse_house_rule)
        house = "".join(f"; house rule {option}={value}" for option, value in rules.items())
        return (
            f"created {clean(path)}: {', '.join(clean(n) for n in log.players)};"
            f" {says(clean(log.first), 'plays')} first; removed {gone}{drawn}{house}\n"
            f"next: forex moves {command_path(path)}"
        )


def _check_name(name: str, option: str) -> None:
    from .logcheck import name_problem
    from .schema_source import NAME_RULE

    problem = name_problem(name)
    if problem:
        raise ViewRefused(
            f"{clean(name)!r} is not a valid player name: {problem} ({NAME_RULE})",
            option,
            hints=(f"write it as a name such as {_plain_name(name)}",),
        )


def _check_confusable(names: Sequence[str]) -> None:
    from ...record.hints import confusable_pairs

    for a, b in confusable_pairs(names):
        raise ViewRefused(
            f"{clean(a)!r} and {clean(b)!r} would be taken for one player: names must differ"
            " by more than letter case, spaces or Unicode forms",
            "--players",
            hints=(f"rename one of them, e.g. {clean(b)!r} as {clean(b + '2')!r}",),
        )


def _house_rules(items: Sequence[str], parse: Any) -> dict[str, str]:
    """``--house-rule NAME=VALUE`` items as option -> value, in the order given."""
    rules: dict[str, str] = {}
    for item in items:
        try:
            option, value = parse(item)
        except ValueError as error:
            raise ViewRefused(clean(str(error)), "--house-rule", hints=(HOUSE_RULE_HINT,)) from None
        if rules.get(option, value) != value:
            raise ViewRefused(
                f"{option} is given twice: {rules[option]} and {value}",
                "--house-rule",
                hints=(f"give --house-rule {option}=VALUE once, with the value the table plays",),
            )
        rules[option] = value
    return rules
