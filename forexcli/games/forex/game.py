"""For-Ex behind the ``Game`` interface: the object the frame reads, replays and edits
For-Ex logs through.

Beside the rules it overrides most of ``games.base.BaseGame``'s defaults: its own wording
of the log's problems and the fast path (``check_log``, from ``logcheck``), replay with
events and at once (``apply_with_events``, ``apply_all``), the hints of a refused move
(``refusal_hints``), the catch-up (``summarize``, ``pending_text``), the set-up compared
(``setup_fields``), its messages and board (``message``, ``picture``), the reports of
``play`` and ``history``, ``validate``'s line (``status``), a spot deal's cosigner and the
engine (``advisor``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Optional

from . import logcheck, notation
from .presenter import ForexViews
from .rules import (
    CURRENCIES,
    Decision,
    Event,
    ForexError,
    GameState,
    HouseRules,
    Phase,
    Spot,
    apply,
    apply_all,
    apply_with_events,
    draw_removed,
    legal_decisions,
    new_game,
)
from .schema_source import log_schema

if TYPE_CHECKING:
    from ..base import Pending, Resource
    from ..defaults import AgreementWords


CODES: dict[str, tuple[str, ...]] = {
    "schema": ("schema_removed_and_seed", "unsupported_version"),
    "header": ("bad_removed",),
    "rules": (
        "insufficient_funds",
        "illegal_spot",
        "illegal_contract",
        "illegal_invest",
        "illegal_divest",
        "illegal_choice",
        "spot_declined",
    ),
    "signature": ("unagreed_spot",),
    "import": (
        "not_for_ex",
        "table_mismatch",
        "removed_unknown",
        "removed_inconsistent",
        "seat_order_unknown",
    ),
}
"""For-Ex's own stable codes by layer, beside the frame's (docs/format.md: Codes of For-Ex)."""


class ForexGame(ForexViews):
    """For-Ex's rules module (see ``forexcli.games.base.Game``)."""

    name = "for-ex"
    title = "For-Ex"
    rules_error: type[Exception] = ForexError
    notation_error: type[Exception] = notation.NotationError
    fast_validator = logcheck.FAST_VALIDATOR
    checks_keys = True
    has_agreements = True

    def cosigner(self, written: Any, player: str) -> str | None:
        """A spot transaction's partner, whose agreement the entry needs (``Game.cosigner``)."""
        spot = getattr(written, "spot", None)
        partner = getattr(spot, "partner", None) if spot is not None else None
        if isinstance(partner, str) and partner != player:
            return partner
        return None

    def agreement_words(self) -> AgreementWords:
        """A spot deal needs its partner's agreement (``views.AGREEMENT_WORDS``)."""
        from .views import AGREEMENT_WORDS

        return AGREEMENT_WORDS

    def codes(self) -> Mapping[str, tuple[str, ...]]:
        """``CODES``."""
        return CODES

    def import_table(
        self, read: Callable[[], bytes], filename: str, options: Mapping[str, Any]
    ) -> tuple[str, str]:
        """A Board Game Arena table log as a For-Ex log (``bga_log.import_log``)."""
        from .bga_log import import_log

        return import_log(read, filename, options)

    def schemas(self) -> Mapping[str, Mapping[str, Any]]:
        """The log schema (generated), the show and play schemas (committed)."""
        from importlib import resources

        def committed(name: str) -> Any:
            found = resources.files("forexcli").joinpath(f"schemas/{name}.schema.json")
            return json.loads(found.read_text(encoding="utf-8"))

        return {
            "log": log_schema(),
            "show": committed("forex-show"),
            "play": committed("forex-play"),
        }

    def resources(self, header: Mapping[str, Any]) -> Sequence[Resource]:
        """For-Ex's header names no files."""
        return ()

    def setup(self, header: Mapping[str, Any], resources: Mapping[str, Any]) -> GameState:
        """``new_game`` from the header, as ``gamelog.GameLog.new_game`` does."""
        players = tuple(header["players"])
        removed: tuple[int, ...] | None = None
        if "seed" in header:
            removed = draw_removed(str(header["seed"]))
        elif header.get("removed") != "unknown":
            counts = header.get("removed", {})
            removed = tuple(int(counts.get(code, 0)) for code in CURRENCIES)
        given = header.get("house_rules") or {}
        house = HouseRules(**{k: v for k, v in given.items() if k in HouseRules.OPTIONS})
        return new_game(players, removed, header.get("first", players[0]), house)

    def log_keys(self, header: Mapping[str, Any]) -> tuple[str, ...]:
        """The players: every For-Ex decision is a player's."""
        return tuple(header["players"])

    def parse(self, key: str, text: str) -> tuple[Decision, ...]:
        """``notation.parse`` of one entry, as engine decisions."""
        return notation.parse(key, text).decisions()

    def write(self, decisions: Sequence[Decision]) -> str:
        """``notation.write_entry`` of the entry holding ``decisions``."""
        if len(decisions) == 2 and isinstance(decisions[0], Spot):
            return notation.write_entry(notation.Written(decisions[0], decisions[1]))
        (decision,) = decisions
        return notation.write_entry(notation.Written(None, decision))

    def key(self, decisions: Sequence[Decision]) -> str:
        """Every For-Ex decision is a player's."""
        return decisions[0].player

    def legal(self, state: GameState) -> Sequence[Decision]:
        """``engine.legal_decisions``."""
        return legal_decisions(state)

    def apply(self, state: GameState, decision: Decision) -> GameState:
        """``engine.apply``."""
        return apply(state, decision)

    def check_log(
        self, document: Any, filename: str, *, schema_checked: bool = False
    ) -> tuple[Any, ...]:
        """``logcheck.entries`` (the schema accepted the data) or ``logcheck.check``."""
        if schema_checked:
            return logcheck.entries(document, filename)
        return logcheck.check(document, filename)

    def apply_with_events(
        self, state: GameState, decision: Decision
    ) -> tuple[GameState, tuple[Event, ...]]:
        """``engine.apply_with_events``."""
        return apply_with_events(state, decision)

    def apply_all(self, state: GameState, decisions: Sequence[Decision]) -> GameState:
        """``engine.apply_all``."""
        return apply_all(state, decisions)

    def setup_hints(self, error: Exception) -> tuple[str, ...]:
        """None: For-Ex's set-up errors say all."""
        return ()

    def refusal_hints(
        self, before: GameState, entry: Any, error: Exception, players: Sequence[str]
    ) -> tuple[str, ...]:
        """ "Did you mean" for a name that does not play, then what is legal now."""
        from .moves import legal_summary

        assert isinstance(error, ForexError)
        return (
            *logcheck.unknown_name_hints(error, entry.decisions, players),
            *legal_summary(before),
        )

    def status(self, state: GameState) -> str:
        """``views.common.pending_text``: who decides next and what, in one line."""
        from .views.common import pending_text

        return pending_text(state)

    def rules_summary(self) -> str:
        """``summary.SUMMARY``."""
        from .summary import SUMMARY

        return "\n".join(SUMMARY)

    def summarize(self, replay: Any, since: int, until: Optional[int] = None) -> list[str]:
        """``catchup.summarize``."""
        from .catchup import summarize

        return summarize(replay, since, until)

    def pending_text(self, state: GameState) -> str:
        """``catchup.pending_text``."""
        from .catchup import pending_text

        return pending_text(state)

    def setup_fields(self, header: Mapping[str, Any]) -> dict[str, Any]:
        """The players, who is first, the removed certificates and the house rules (every
        rule, the defaults filled in)."""
        players = list(header["players"])
        state = self.setup(header, {})
        return {
            "players": players,
            "first": header.get("first", players[0]),
            "removed": list(state.removed) if state.removed_known else "unknown",
            "house_rules": _house_rules(header),
        }

    def setup_name(self, name: str) -> str:
        """``first player``, ``removed certificates``; the others as ``BaseGame`` says them."""
        words = {"first": "first player", "removed": "removed certificates"}
        return words.get(name) or super().setup_name(name)

    def setup_value(self, name: str, value: Any) -> str:
        """One set-up field as a person reads it: ``1 GBP, 2 USD, 3 CNY``, ``rounding=each``."""
        if name == "removed" and value == "unknown":
            return "unknown"
        if name == "removed" and isinstance(value, list):
            counts = zip(value, CURRENCIES, strict=True)
            return ", ".join(f"{n} {code}" for n, code in counts if n) or "none"
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        if isinstance(value, dict):
            return ", ".join(f"{k}={v}" for k, v in value.items()) or "none"
        return "none" if value is None else str(value)

    def message(
        self, replay: Any, since: Optional[int], fmt: str, *, at: Optional[int] = None
    ) -> Any:
        """``message.compose``."""
        from .message import compose

        return compose(replay, since, fmt, at=at)

    def play_text(
        self, replay: Any, file: str, *, written: bool, markdown: bool, style: Any, width: int
    ) -> str:
        """``views.play.play_text`` of the last entry."""
        from .views.play import play_text

        number = len(replay.states)
        entry = replay.log.entries[-1]
        before, after = replay.state_after(number - 1), replay.final
        return play_text(
            file, number, entry.player, entry.text, before, after, replay.events[-1],
            written=written, markdown=markdown, style=style, width=width,
        )  # fmt: skip

    def play_data(self, replay: Any, file: str, *, written: bool) -> dict[str, Any]:
        """``views.play.play_data`` of the last entry."""
        from .views.play import play_data

        number = len(replay.states)
        entry = replay.log.entries[-1]
        before, after = replay.state_after(number - 1), replay.final
        return play_data(
            file, number, entry.player, entry.text, entry.note, before, after,
            replay.events[-1], written=written, digest=entry.digest,
        )  # fmt: skip

    def history_text(
        self, replay: Any, *, events: bool, markdown: bool, style: Any, width: int
    ) -> str:
        """``views.history.history_text``."""
        from .views.history import history_text

        return history_text(
            replay.log, replay, events=events, markdown=markdown, style=style, width=width
        )

    def history_data(self, replay: Any) -> dict[str, Any]:
        """``views.history.history_data``."""
        from .views.history import history_data

        return history_data(replay.log, replay)

    def picture(self, state: GameState, title: str) -> str:
        """``svg.board_svg``."""
        from .svg import board_svg

        return board_svg(state, title)

    def pending(self, state: GameState) -> Pending:
        """The pending phase and player."""
        from ..base import OVER, Pending  # (not at the top: ``forex show`` needs neither)

        if state.pending.phase is Phase.OVER or state.pending_player is None:
            return OVER
        return Pending((state.pending_player,), state.pending.phase.value)

    def result(self, state: GameState) -> Optional[dict[str, Any]]:
        """The ``result`` part of the view."""
        from .snapshot import state_dict

        found: Optional[dict[str, Any]] = state_dict(state)["result"]
        return found

    def view(self, state: GameState) -> dict[str, Any]:
        """``snapshot.state_dict``: the data For-Ex's digests are made of."""
        from .snapshot import state_dict

        return state_dict(state)

    def on_compact_board(self, line: str) -> bool:
        """A rate that moved (``  GBP/USD: ...``): the compact board shows the rates."""
        import re

        return re.match(r"^\s+[A-Z]{3}/[A-Z]{3}: ", line) is not None

    def compact_text(self, state: GameState, width: int, next_words: str | None = None) -> str:
        """``message.compact_text``: the board in about 16 lines (``Game.compact_text``)."""
        from .message import compact_text

        return compact_text(state, width, next_words)

    def offer_partner(self, decisions: Sequence[Decision]) -> str | None:
        """The partner of the spot transaction that opens an entry (``Game.offer_partner``)."""
        first = decisions[0] if decisions else None
        return first.partner if isinstance(first, Spot) else None

    def offer_refusal(self, state: GameState, decisions: Sequence[Decision]) -> str | None:
        """Why the engine refuses the entry's opening spot in ``state`` (``players.refusal``,
        the rule its search expects of every partner); None when it accepts."""
        first = decisions[0] if decisions else None
        if not isinstance(first, Spot):
            return None
        from .search.players import refusal

        refused = refusal(state, first)
        return None if refused is None else refused.reason()

    def offer_terms(self, decisions: Sequence[Decision]) -> str | None:
        """What the opening spot transaction gives its partner and takes from them
        (``gets 1.5 EUR for 1 GBP``; ``Game.offer_terms``); None without one."""
        first = decisions[0] if decisions else None
        if not isinstance(first, Spot):
            return None
        from .rules import format_halves

        return (
            f"gets {format_halves(first.give)} {first.give_currency} for"
            f" {format_halves(first.get)} {first.get_currency}"
        )

    def advisor(self) -> Any:
        """``advisor.ADVISOR``: the engine's search and words (``Game.advisor``)."""
        from .advisor import ADVISOR

        return ADVISOR


def _house_rules(header: Mapping[str, Any]) -> dict[str, Any]:
    """The header's house rules with the defaults filled in (absent and default are alike)."""
    given = header.get("house_rules") or {}
    if not isinstance(given, dict):
        return {"house_rules": given}
    defaults = HouseRules()
    rules = {name: given.get(name, getattr(defaults, name)) for name in HouseRules.OPTIONS}
    rules.update({k: v for k, v in given.items() if k not in rules})
    return rules


FOREX = ForexGame()
