"""World Exchangers behind the ``Game`` interface: ``WORLDEX``, the object the frame reads,
replays and edits World Exchangers logs through (``WorldexGame``), and the set-up a log's
header gives (``setup_from_header``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Optional

from ...record import fastpath
from ...words import did_you_mean, quoted
from ..base import OVER, Pending, Resource
from . import notation, schema_source, viewjson
from .presenter import WorldexViews
from .rules import (
    DEALER,
    Components,
    Decision,
    HouseRules,
    Phase,
    Setup,
    State,
    WorldexError,
    apply,
    components_from_data,
    legal_decisions,
    new_game,
)
from .viewjson import player_view

GAME_NAME = schema_source.GAME_NAME

_parse = lru_cache(maxsize=4096)(notation.parse)
"""``notation.parse`` remembering the entries it read (logs repeat the same few hundred)."""


def setup_from_header(header: Mapping[str, Any]) -> tuple[Setup, HouseRules]:
    """The core's ``Setup`` and house rules from a (schema-checked) log header."""
    players = tuple(str(p) for p in header["players"])
    boards = header.get("boards") or {}
    given = header.get("setup") or {}
    roles = given.get("roles")
    starting = given.get("starting")
    trends = given.get("trends") or {}
    area = given.get("area")
    setup = Setup(
        players=players,
        boards=tuple(str(boards.get(p, "A")) for p in players),
        role_side=str(header.get("roles_side", "A")),
        roles=None if roles is None else tuple(str(roles.get(p, "")) for p in players),
        starting=None
        if starting is None
        else tuple(tuple(str(c) for c in starting.get(p, ())) for p in players),
        mid_trend=trends.get("mid"),
        end_trend=trends.get("end"),
        area=None if area is None else tuple(str(c) for c in area),
        first=header.get("first"),
        deal=str(header.get("deal", "recorded")),
        seed=None if header.get("seed") is None else str(header["seed"]),
        seed_sha256=header.get("seed_sha256"),
        atom_trends=bool(header.get("atom_trends", False)),
    )
    rules = header.get("house_rules") or {}
    house = HouseRules(**{k: str(v) for k, v in rules.items() if k in HouseRules.OPTIONS})
    return setup, house


_SETUP_KEYS: dict[str, tuple[str, ...]] = {
    "seed_sha256": ("seed_sha256",),
    "first": ("first",),
    "boards": ("boards",),
    "role_side": ("roles_side",),
    "deal": ("deal",),
    "roles": ("setup", "roles"),
    "starting": ("setup", "starting"),
    "mid_trend": ("setup", "trends", "mid"),
    "end_trend": ("setup", "trends", "end"),
    "area": ("setup", "area"),
}
"""The header key that gives each field of ``Setup`` (``setup_from_header`` reads them)."""


def _header_path(field: Optional[str], header: Mapping[str, Any]) -> Optional[tuple[str, ...]]:
    """The place in ``header`` of the set-up field ``field``, if the header gives it."""
    path = _SETUP_KEYS.get(field or "")
    if path is None:
        return None
    value: Any = header
    for key in path:
        if not isinstance(value, Mapping) or key not in value:
            return None
        value = value[key]
    return path


CODES: dict[str, tuple[str, ...]] = {
    "header": (
        "first_needed",
        "components_unreadable",
        "components_json",
        "components_schema",
        "components_digest",
        "bad_components",
    ),
    "rules": (
        "insufficient_funds",
        "card_unavailable",
        "box_used",
        "ability_refused",
        "ring_already_drawn",
        "pass_refused",
        "bad_reveal",
        "deal_mismatch",
    ),
}
"""World Exchangers' own stable codes by layer, beside the frame's (docs/format.md: Codes of
World Exchangers)."""


class WorldexGame(WorldexViews):
    """World Exchangers' rules module (see ``forexcli.games.base.Game``)."""

    name = GAME_NAME
    title = "World Exchangers"
    rules_error: type[Exception] = WorldexError
    notation_error: type[Exception] = notation.NotationError
    fast_validator = fastpath.Validator(
        lambda: schema_source.published("worldex-log.schema.json"), fastpath.END
    )
    """The committed log schema, compiled for the fast path when first used."""

    def codes(self) -> Mapping[str, tuple[str, ...]]:
        """``CODES``."""
        return CODES

    def schemas(self) -> Mapping[str, Mapping[str, Any]]:
        """The log schema, the components file's schema, the show view's and play's."""
        from .play_schema import play_schema_for_worldex

        return {
            "log": schema_source.log_schema(),
            "components": schema_source.components_schema(),
            "show": schema_source.show_schema(),
            "play": play_schema_for_worldex(),
        }

    def resources(self, header: Mapping[str, Any]) -> Sequence[Resource]:
        """The components file the header names, with its SHA-256."""
        given = header.get("components") or {}
        return (Resource("components", given.get("file"), given.get("sha256")),)

    def load_resource(self, resource: Resource, folder: str) -> Components:
        """The components file ``resource`` names, read relative to ``folder`` and checked.

        Raises ``load.ComponentsFileError`` (``code`` and ``reason``) for a file that is
        missing, not JSON, not the one whose SHA-256 the header gives, or inconsistent.
        """
        import os

        from .load import read_components

        assert resource.path is not None
        return read_components(os.path.join(folder, resource.path), resource.sha256).components

    def setup(self, header: Mapping[str, Any], resources: Mapping[str, Any]) -> State:
        """``new_game`` from the header and the decoded components (data or ``Components``)."""
        components = resources["components"]
        if not isinstance(components, Components):
            components = components_from_data(components)
        setup, house = setup_from_header(header)
        try:
            return new_game(components, setup, house)
        except WorldexError as error:
            # Where the log gives what was refused, for the frame to place the problem there.
            error.header_path = _header_path(error.field, header)  # type: ignore[attr-defined]
            raise

    def setup_hints(self, error: Exception) -> Optional[tuple[str, ...]]:
        """For a ``first:`` who is no player, "did you mean", else what For-Ex says: name
        one of the players or add that one (None: the frame's hints)."""
        unknown = getattr(error, "unknown", None)
        if getattr(error, "code", None) != "unknown_player" or unknown is None:
            return None
        name, players = unknown
        return tuple(did_you_mean(name, players)) or (
            f"name one of the players, or add {quoted(name)} to `players:` at set-up",
        )

    def committed_fields(self, header: Mapping[str, Any]) -> tuple[str, ...]:
        """``seed``, when ``seed_sha256`` commits to it: the host reveals it after the game
        (``docs/worldex-rules.md``), and the replay checks it against its SHA-256."""
        return ("seed",) if header.get("seed_sha256") is not None else ()

    def log_keys(self, header: Mapping[str, Any]) -> tuple[str, ...]:
        """The players, and ``deck`` for reveals."""
        return (*(str(p) for p in header["players"]), DEALER)

    parse = staticmethod(_parse)
    """The decisions of one entry (``deck: reveal ...`` for reveals); each entry read once
    per process (``notation.parse`` is pure, its decisions immutable; called without a
    method of its own between, as a log reads every entry)."""

    def write(self, decisions: Sequence[Decision]) -> str:
        """The notation of one entry."""
        return notation.write(decisions)

    def key(self, decisions: Sequence[Decision]) -> str:
        """The player, or ``deck`` for a reveal."""
        return notation.who(decisions)

    def legal(self, state: State) -> Sequence[Decision]:
        """``engine.legal_decisions`` (lazy for reveals of unknown cards)."""
        return legal_decisions(state)

    def apply(self, state: State, decision: Decision) -> State:
        """``engine.apply``."""
        return apply(state, decision)

    def apply_with_events(self, state: State, decision: Decision) -> tuple[State, Any]:
        """``apply``, causing no events (called straight: a replay calls it for every
        decision)."""
        return apply(state, decision), ()

    def pending(self, state: State) -> Pending:
        """The player on turn (``turn`` or ``second`` card), ``deck`` for a reveal, or over."""
        pending = state.pending
        if pending.phase is Phase.OVER:
            return OVER
        if pending.phase is Phase.REVEAL:
            return Pending((DEALER,), "reveal", pending.count)
        assert pending.seat is not None
        # ``_value_``: the enum's ``value`` is a Python property (a call on every digest)
        return Pending((state.players[pending.seat].name,), pending.phase._value_)

    def result(self, state: State) -> Optional[dict[str, Any]]:
        """Each player's score by part, total and rank, and the winners."""
        result = state.result
        if result is None:
            return None
        return {
            "players": [
                {
                    "name": player.name,
                    "cities": score.cities,
                    "cash": score.cash,
                    "settlement_points": score.settlement_points,
                    "settlement": score.settlement,
                    "investments": dict(
                        zip(("green", "orange", "blue"), score.investments, strict=True)
                    ),
                    "trend": score.trend,
                    "media_value": score.media_value,
                    "media": score.media,
                    "total": score.total,
                    "rank": result.ranks[seat],
                }
                for seat, (player, score) in enumerate(
                    zip(state.players, result.scores, strict=True)
                )
            ],
            "winners": [state.players[seat].name for seat in result.winners()],
        }

    def rules_summary(self) -> str:
        """``summary.SUMMARY``."""
        from .summary import SUMMARY

        return "\n".join(SUMMARY)

    def describe(self, before: State, decision: Decision, after: State) -> tuple[str, ...]:
        """What ``decision`` did, in the sentences of messages (``describe.describe``)."""
        from .describe import describe

        return describe(before, decision, after)

    def describe_entry(
        self, before: State, decisions: Sequence[Decision]
    ) -> Optional[tuple[str, ...]]:
        """A two-card turn entered at once, told once (``describe.describe_entry``)."""
        from .describe import describe_entry

        return describe_entry(before, decisions)

    def message(
        self, replay: Any, since: Optional[int], fmt: str, *, at: Optional[int] = None
    ) -> Any:
        """``views.layout.compose``: the summary and the entries told in sentences."""
        from .views.layout import compose

        return compose(replay, since, fmt, at=at)

    def picture(self, state: State, title: str) -> str:
        """The board of the player to play (every board when the deck or nobody is)."""
        from .views.layout import boards_svg, seats_of

        return boards_svg(state, seats_of(state, None), title)

    def play_text(
        self, replay: Any, file: str, *, written: bool, markdown: bool, style: Any, width: int
    ) -> str:
        """``views.layout.play_text``: the entry, what it did, the boards that moved."""
        from .views.layout import play_text

        text: str = play_text(replay, file, written=written, markdown=markdown, width=width)
        return text.rstrip("\n")

    def play_data(self, replay: Any, file: str, *, written: bool) -> dict[str, Any]:
        """``reporters.record.play_data``: the entry, who is next, the view."""
        from ...reporters.record import play_data

        return play_data(replay, file, written=written)

    def on_compact_board(self, line: str) -> bool:
        """The sentence of the game's end and final scores (``describe.GAME_OVER_AFTER``):
        the compact board's last line says who won and the final scores."""
        from .describe import GAME_OVER_AFTER

        return line.lstrip().startswith(GAME_OVER_AFTER)

    def compact_text(self, state: State, width: int, next_words: str | None = None) -> str:
        """Each player's cash, media and cities (each at what it sells for this month), the
        sale area (each card at its base value, what it costs to buy) and who decides next,
        in a few lines (``Game.compact_text``)."""
        from ...reporters import clean, wrap_line
        from .views import coins, show_view

        shown = show_view(state)
        lines = [f"Month {shown['month']} of {shown['months']}"]
        for player in shown["players"]:
            cities = ", ".join(f"{c['name']} {coins(c['price'])}" for c in player["cities"])
            lines.append(
                f"{player['name']} ({player['role']}): cash {coins(player['cash'])},"
                f" media {player['media']}; cities (sell now): {cities or 'none'}"
            )
        area = ", ".join(f"{c['name']} {coins(c['base'])}" for c in shown["sale_area"])
        lines.append(f"Sale area (buy at base value): {area or 'empty'}")
        pending = self.pending(state)
        if pending.over:
            lines.append(f"The game is over: {_final_words(state)}.")
        elif next_words:
            lines.append(f"Next: {next_words}.")
        elif state.pending.phase is Phase.SECOND and state.turn is not None:
            lines.append(f"Next: {_second_card_words(state)}.")
        else:
            lines.append(f"Next: {' or '.join(pending.deciders)} to decide ({pending.kind}).")
        out: list[str] = []
        for line in lines:
            out.extend(wrap_line(clean(line), width, subsequent_indent="  ") or [""])
        return "\n".join(out)

    def view(self, state: State) -> dict[str, Any]:
        """The public state (the deck's order is never shown, only its size)."""
        return self._view(state, [player_view(player) for player in state.players])

    def digest(self, state: State) -> str:
        """``base.view_digest`` of ``view(state)``, each player's part written once for all
        the states that share it (``viewjson.canonical_view``)."""
        return viewjson.digest(state, self)

    def _view(self, state: State, players: list[Any]) -> dict[str, Any]:
        """``view`` with ``players`` for its players' part (``viewjson.canonical_view``
        writes the same fields for digests: keep them equal)."""
        pending = self.pending(state)
        result = state.result
        return {
            "game": GAME_NAME,
            "round": state.round,
            "first": state.players[state.first].name,
            "roles_side": state.role_side,
            "pending": {
                "deciders": list(pending.deciders),
                "kind": pending.kind,
                "count": pending.count,
            },
            "players": players,
            "area": list(state.area),
            "deck_size": len(state.deck),
            "removed": list(state.removed),
            "trends": {"mid": state.mid_trend, "end": state.end_trend},
            "mid_trend_media": list(state.trend_media),
            "turn": None
            if state.turn is None
            else {
                "action": state.turn.action,
                "cards": list(state.turn.cards),
                "cash": state.turn.cash,
            },
            "result": None if result is None else self.result(state),
        }

    def advisor(self) -> Any:
        """``advisor.ADVISOR``: the engine's search and words (``Game.advisor``)."""
        from .advisor import ADVISOR

        return ADVISOR


WORLDEX = WorldexGame()


def _second_card_words(state: State) -> str:
    """``ann to decide the second card to buy (Warsaw bought: cash 600 -> 500 so far)``:
    the cash the board shows is the month's mark before the turn, settled as one line."""
    from .rules import MAX_CASH
    from .views import coins

    turn = state.turn
    assert turn is not None and state.pending.seat is not None
    player = state.players[state.pending.seat]
    done = "bought" if turn.action == "buy" else "sold"
    return (
        f"{player.name} to decide the second card to {turn.action} ({', '.join(turn.cards)}"
        f" {done}: cash {coins(player.cash)} -> {coins(min(turn.cash, MAX_CASH))} so far)"
    )


def _final_words(state: State) -> str:
    """``c1 wins with 5,000 (ben 4,500, c2 4,300)``: the winner and every total, for the
    compact board of a finished game."""
    from .views import coins, scores_of, winners_text

    result, _ = scores_of(state)
    order = sorted(range(len(state.players)), key=lambda seat: (result.ranks[seat], seat))
    totals = ", ".join(
        f"{state.players[seat].name} {coins(result.scores[seat].total)}" for seat in order
    )
    return f"{winners_text(state, result)}; final scores {totals}"
