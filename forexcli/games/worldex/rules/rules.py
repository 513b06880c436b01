"""The rules of World Exchangers as pure functions over ``State``.

``new_game`` sets up from a ``Setup`` (the header's values), ``legal_decisions``
lists what may be decided now (the single source of truth: ``apply`` accepts
exactly these), ``apply`` takes one decision and returns the next state or
raises an ``IllegalDecision`` with a stable code, and ``final_scores`` scores
any state as if the game ended there.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Optional, overload

from msgspec import Struct
from msgspec.structs import replace

from ....words import possessive
from .components import (
    CASH_STEP,
    MAX_CASH,
    MID_YEAR,
    MONTHS,
    NO_SYMBOLS,
    REFILL_AT,
    SALE_AREA,
    SIDES,
    START_CASH,
    STARTING_PER_PLAYER,
    YEAR_END,
    BoardSide,
    Components,
    Space,
    Symbols,
    total_symbols,
)
from .deal import commitment, seeded_deal
from .decisions import DEALER, EXTRAS, Buy, Decision, Pass, Refresh, Reveal, Sell
from .errors import (
    AbilityRefused,
    BadReveal,
    BoxUsed,
    CardUnavailable,
    DealMismatch,
    FirstPlayerNeeded,
    GameOver,
    IllegalDecision,
    InsufficientFunds,
    NotYourDecision,
    PassRefused,
    RingAlreadyDrawn,
    SetupError,
    UnknownName,
    UnknownPlayer,
    WrongDecisionKind,
)
from .state import (
    HouseRules,
    Mark,
    Pending,
    Phase,
    Player,
    Result,
    Score,
    State,
    TurnSoFar,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 4
SETTLEMENT_REWARDS = (0, 200, 500, 900, 1400, 2000)
"""Coins for 0, 1, 2, 3, 4 and 5 or more settlement points."""
MEDIA_REWARDS: dict[int, tuple[int, ...]] = {2: (500,), 3: (800, 400), 4: (900, 600, 300)}
"""Coins for 1st, 2nd, 3rd place in media influence, by number of players."""
STARTING_COLOUR = "red"
"""The marker colour of the starting player."""
RING_COST = 1
REFRESH_COST = 1
EXTRA_CARD_COST = 2
INVESTMENT_COINS = 100
MEDIA_CASH_COINS = 100


class Setup(Struct, frozen=True):
    """The header's set-up: who plays with what, and what was dealt.

    With ``deal="seed"`` the seed deals everything and reveals are made by the
    rules core.  With ``deal="recorded"`` every reveal is a ``Reveal``
    decision; the set-up cards are given here, or dealt from ``seed`` when it
    is known.  Whatever is given is checked against the seed when there is
    one, and the seed against ``seed_sha256`` when both are given.
    """

    players: tuple[str, ...]
    boards: tuple[str, ...] = ()
    role_side: str = "A"
    roles: Optional[tuple[str, ...]] = None
    starting: Optional[tuple[tuple[str, ...], ...]] = None
    mid_trend: Optional[str] = None
    end_trend: Optional[str] = None
    area: Optional[tuple[str, ...]] = None
    first: Optional[str] = None
    deal: str = "recorded"
    seed: Optional[str] = None
    seed_sha256: Optional[str] = None
    atom_trends: bool = False


# --------------------------------------------------------------------------- set-up


def _names(setup: Setup) -> tuple[str, ...]:
    names = tuple(setup.players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SetupError(f"World Exchangers takes 2 to 4 players; {len(names)} given")
    if any(not name or name != name.strip() for name in names):
        raise SetupError("a player name is empty or has surrounding spaces")
    if len(set(names)) != len(names):
        dupes = sorted({n for n in names if names.count(n) > 1})
        raise SetupError(f"player names must be distinct; repeated: {', '.join(dupes)}")
    if DEALER in names:
        raise SetupError(f"no player may be called {DEALER!r}: it names the deck in the log")
    return names


def _given_or_dealt(name: str, given: object, dealt: object, field: str) -> None:
    if given is not None and given != dealt:
        raise DealMismatch(f"{name} given as {given!r}, but the seed deals {dealt!r}", field=field)


DEFAULT_HOUSE_RULES = HouseRules()


def new_game(
    components: Components, setup: Setup, house: HouseRules = DEFAULT_HOUSE_RULES
) -> State:
    """Set up a game; raises ``SetupError`` (or ``DealMismatch`` against the seed)."""
    for option, allowed in HouseRules.OPTIONS.items():
        value = getattr(house, option)
        if value not in allowed:
            raise SetupError(
                f"house rule {option} must be one of {', '.join(allowed)}, not {value!r}"
            )
    names = _names(setup)
    n = len(names)
    boards = tuple(setup.boards) or ("A",) * n
    if len(boards) != n or any(side not in SIDES for side in boards):
        raise SetupError(
            f"one player board side (A or B) per player; {list(boards)} given", field="boards"
        )
    if setup.role_side not in SIDES:
        raise SetupError(
            f"role cards are used on side A or B, not {setup.role_side!r}", field="role_side"
        )
    if setup.deal not in ("recorded", "seed"):
        raise SetupError(f"deal is recorded or seed, not {setup.deal!r}", field="deal")
    if setup.seed_sha256 is not None and setup.seed is not None:
        digest = commitment(setup.seed)
        if digest != setup.seed_sha256.lower():
            raise DealMismatch(
                f"the seed's SHA-256 is {digest}, not the {setup.seed_sha256} committed to",
                hints=(
                    "the seed revealed is not the one the host committed to before the deal:"
                    " the seed or seed_sha256 was changed or mistyped",
                ),
                field="seed_sha256",
            )
    if setup.deal == "seed" and setup.seed is None:
        raise SetupError("a game dealt from a seed needs the seed", field="deal")
    roles, starting, mid, end, area = (
        setup.roles,
        setup.starting,
        setup.mid_trend,
        setup.end_trend,
        setup.area,
    )
    deck: tuple[str, ...]
    order_known = setup.seed is not None
    if setup.seed is not None:
        dealt = seeded_deal(components, setup.seed, n, setup.atom_trends)
        _given_or_dealt("roles", roles, dealt.roles, "roles")
        _given_or_dealt("starting cities", starting, dealt.starting, "starting")
        _given_or_dealt("mid-year trend", mid, dealt.mid_trend, "mid_trend")
        _given_or_dealt("year-end trend", end, dealt.end_trend, "end_trend")
        _given_or_dealt("sale area", area, dealt.area, "area")
        roles, starting, mid, end, area = (
            dealt.roles,
            dealt.starting,
            dealt.mid_trend,
            dealt.end_trend,
            dealt.area,
        )
        deck = dealt.deck
    missing = [
        what
        for what, value in (
            ("roles", roles),
            ("starting cities", starting),
            ("mid-year trend", mid),
            ("year-end trend", end),
            ("sale area", area),
        )
        if value is None
    ]
    if missing or roles is None or starting is None or mid is None or end is None or area is None:
        raise SetupError(f"a recorded deal names the {', '.join(missing)} (or gives the seed)")
    roles, starting, area = tuple(roles), tuple(tuple(s) for s in starting), tuple(area)
    _check_roles(components, roles, n)
    _check_starting(components, starting, names)
    _check_trends(components, mid, end)
    _check_area(components, area, starting)
    if not order_known:
        shown = set(area)
        deck = tuple(c.name for c in components.cities if c.name not in shown)
    dealt_starting = {name for hand in starting for name in hand}
    boxed = tuple(c.name for c in components.starting_cities if c.name not in dealt_starting)
    players = []
    for seat, name in enumerate(names):
        start_cash = START_CASH - sum(components.city(c).base for c in starting[seat])
        if not 0 <= start_cash <= MAX_CASH:
            raise SetupError(
                f"{possessive(name)} starting cities cost {START_CASH - start_cash}: the"
                f" starting cash"
                f" {start_cash} is not from 0 to {MAX_CASH}",
                field="starting",
            )
        role = components.role(roles[seat])
        media = role.side_a.media if setup.role_side == "A" else 0
        players.append(
            Player(
                name,
                role.name,
                boards[seat],
                start_cash,
                starting[seat],
                (),
                media,
                starting=starting[seat],
            )
        )
    first = _first_seat(components, names, roles, setup.first)
    return State(
        components=components,
        house=house,
        role_side=setup.role_side,
        players=tuple(players),
        first=first,
        round=1,
        seat=first,
        area=area,
        deck=deck,
        removed=(),
        boxed=boxed,
        mid_trend=mid,
        end_trend=end,
        pending=Pending(Phase.TURN, first),
        order_known=order_known,
        automatic=setup.deal == "seed",
    )


def _check_roles(components: Components, roles: tuple[str, ...], n: int) -> None:
    known = {r.name for r in components.roles}
    if len(roles) != n:
        raise SetupError(
            f"one role card per player; {len(roles)} given for {n} players", field="roles"
        )
    for name in roles:
        if name not in known:
            raise SetupError(
                f"{name!r} is not a role card ({', '.join(sorted(known))})",
                unknown=(name, tuple(sorted(known))),
                field="roles",
            )
    if len(set(roles)) != len(roles):
        raise SetupError("a role card is dealt twice", field="roles")


def _check_starting(
    components: Components, starting: tuple[tuple[str, ...], ...], names: tuple[str, ...]
) -> None:
    if len(starting) != len(names):
        raise SetupError(
            f"starting cities for {len(names)} players needed; {len(starting)} given",
            field="starting",
        )
    seen: set[str] = set()
    for name, hand in zip(names, starting, strict=True):
        if len(hand) != STARTING_PER_PLAYER:
            raise SetupError(
                f"{name} is dealt {len(hand)} starting cities; 3 are dealt each", field="starting"
            )
        for card in hand:
            city = components.by_name.get(card)
            if city is None or not city.starting:
                names_ = tuple(c.name for c in components.starting_cities)
                raise SetupError(
                    f"{card!r} is not a starting city card",
                    unknown=(card, names_),
                    field="starting",
                )
            if card in seen:
                raise SetupError(f"starting city {card} is dealt twice", field="starting")
            seen.add(card)


def _check_trends(components: Components, mid: str, end: str) -> None:
    for trend_id, round_, field in ((mid, MID_YEAR, "mid_trend"), (end, YEAR_END, "end_trend")):
        try:
            trend = components.trend(trend_id)
        except KeyError:
            ids = tuple(t.id for t in components.trends if t.round == round_)
            raise SetupError(
                f"{trend_id!r} is not a trend card", unknown=(trend_id, ids), field=field
            ) from None
        if trend.round != round_:
            raise SetupError(
                f"trend card {trend_id} is resolved in round {trend.round}, not {round_}",
                field=field,
            )


def _check_area(
    components: Components, area: tuple[str, ...], starting: tuple[tuple[str, ...], ...]
) -> None:
    if len(area) != SALE_AREA:
        raise SetupError(
            f"the sale area starts with {SALE_AREA} cards; {len(area)} given", field="area"
        )
    for card in area:
        city = components.by_name.get(card)
        if city is None or city.starting:
            deck = tuple(c.name for c in components.cities)
            raise SetupError(
                f"{card!r} is not a city card of the deck", unknown=(card, deck), field="area"
            )
    if len(set(area)) != len(area):
        raise SetupError("a card is shown twice in the sale area")


def _first_seat(
    components: Components, names: tuple[str, ...], roles: tuple[str, ...], first: Optional[str]
) -> int:
    red = [
        seat for seat, role in enumerate(roles) if components.role(role).colour == STARTING_COLOUR
    ]
    if first is not None and first not in names:
        raise UnknownPlayer(
            f"first: {first!r} is not a player of this game ({', '.join(names)})",
            unknown=(first, names),
            field="first",
        )
    if red:
        if first is not None and names.index(first) != red[0]:
            raise SetupError(
                f"{names[red[0]]} holds the red marker and starts; {first} is named first",
                field="first",
            )
        return red[0]
    if first is None:
        held = ", ".join(f"{name} {role}" for name, role in zip(names, roles, strict=True))
        raise FirstPlayerNeeded(
            f"nobody holds the red marker ({held}): the rulebook's starting player (who spent"
            " the most money today) is not in the record, so the log names it (first)",
            hints=(f"add `first: NAME` to the header, NAME one of {', '.join(names)}",),
        )
    return names.index(first)


# --------------------------------------------------------------------------- the board


def line_gains(board: BoardSide, month: int, start: int, end: int, ring: bool) -> Symbols:
    """The symbols a line from ``start`` (month - 1) to ``end`` (month) gains, with any ring.

    The line passes through the spaces between the two months that it crosses
    and stops on the space at ``month`` and ``end``.  A celebration ring at the
    end adds the spaces between months on either side whose cash level is
    less than one space (100) from ``end``; a space is counted once.
    """
    low, high = (start, end) if start <= end else (end, start)
    total = board.stop(month, end)
    # No two spaces of a board share their month and cash (``components_from_data``): each
    # space is counted once, crossed or near the ring.
    for space in _spaces_after(board, month - 1):
        crossed_by = space.crossed_by
        crossed = (start, end) in crossed_by if crossed_by else low <= space.cash <= high
        if crossed or (ring and abs(space.cash - end) < CASH_STEP):
            total = total + space.symbols
    if ring:
        for space in _spaces_after(board, month):
            if abs(space.cash - end) < CASH_STEP:
                total = total + space.symbols
    return total


_SPACES_AFTER: dict[int, tuple[BoardSide, dict[int, tuple[Space, ...]]]] = {}
"""The spaces between months of each board side met, by the month they follow (in the
board's order), by ``id`` of the side (kept, so that its ``id`` is no other's)."""


def _spaces_after(board: BoardSide, month: int) -> tuple[Space, ...]:
    """The spaces of ``board`` between ``month`` and the next, in the board's order."""
    known = _SPACES_AFTER.get(id(board))
    if known is None or known[0] is not board:
        index: dict[int, list[Space]] = {}
        for space in board.between:
            index.setdefault(space.after, []).append(space)
        if len(_SPACES_AFTER) >= 64:
            _SPACES_AFTER.clear()
        known = (board, {after: tuple(spaces) for after, spaces in index.items()})
        _SPACES_AFTER[id(board)] = known
    return known[1].get(month, ())


# --------------------------------------------------------------------------- helpers


def _ability(state: State, seat: int) -> Optional[str]:
    """The side B ability the seat may use, if the role cards are on side B."""
    if state.role_side != "B":
        return None
    return state.components.role(state.players[seat].role).side_b


def _media(state: State, value: int) -> int:
    if state.house.media_floor == "zero":
        value = max(0, value)
    top = state.components.media_max
    return value if top is None else min(top, value)


def _cards(names: Iterable[str]) -> str:
    listed = ", ".join(names)
    return listed or "none"


def _red_now(state: State, card: str) -> bool:
    """Whether ``card`` sold now is sold in its red month (and so draws the turn's ring)."""
    return state.components.city(card).red_month == state.round


def _wasted_ring(state: State, seat: int, card: str, two: bool) -> Optional[RingAlreadyDrawn]:
    """The refusal of Felix's paid ring on a sale of ``card`` that would add nothing, or None.

    The turn's ring is drawn once, at the end of the line: a red-month sale
    draws it anyway.  With ``two`` (a second sale declared) the ring is
    refused too when every other city the player holds would be sold in its
    red month (the second sale must then draw the ring).
    """
    month = state.round
    paid = "Felix's paid ring (1 media) would add nothing: the turn's ring is drawn once"
    if _red_now(state, card):
        return RingAlreadyDrawn(
            f"{card} is sold in its red month {month}, which draws the celebration ring; {paid}",
            hints=(f"sell {card} without +ring: its red month draws the ring anyway",),
        )
    others = [c for c in state.players[seat].cities if c != card]
    if two and others and all(_red_now(state, c) for c in others):
        return RingAlreadyDrawn(
            f"the second sale can only be {_cards(others)}, sold in the red month {month},"
            f" which draws the celebration ring; {paid}",
            hints=(f"sell {card} and {others[0]} without +ring: the red month draws the ring",),
        )
    return None


def _count(cards: int) -> str:
    return "1 card is" if cards == 1 else f"{cards} cards are"


def _affordable(state: State, cash: int, area: Sequence[str]) -> list[str]:
    return [card for card in area if state.components.city(card).base <= cash]


def _set_player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
    players = list(state.players)
    players[seat] = player
    return tuple(players)


def _refill_count(state: State, area_size: int) -> int:
    return max(0, min(SALE_AREA - area_size, len(state.deck)))


def _with_refill(state: State, resume: Pending, force: bool = False) -> State:
    """Refill the sale area when it holds 2 or fewer (or always, when ``force``), then go on."""
    if not force and len(state.area) > REFILL_AT:
        return _enter(replace(state, pending=resume, resume=None))
    count = _refill_count(state, len(state.area))
    if count == 0:
        return _enter(replace(state, pending=resume, resume=None))
    if state.automatic:
        turned = state.deck[:count]
        return _enter(
            replace(
                state,
                area=state.area + turned,
                deck=state.deck[count:],
                pending=resume,
                resume=None,
            )
        )
    return replace(state, pending=Pending(Phase.REVEAL, None, count), resume=resume)


def _turn_of(state: State, seat: int, **changes: Any) -> State:
    """The state with ``changes`` and the turn given to ``seat``: ``_with_refill`` of
    ``replace(state, seat=seat, **changes)`` for a turn, in one copy of the state."""
    area: tuple[str, ...] = changes.get("area", state.area)
    pending = Pending(Phase.TURN, seat)
    if len(area) <= REFILL_AT:
        deck = state.deck
        count = max(0, min(SALE_AREA - len(area), len(deck)))
        if count and not state.automatic:
            return replace(
                state,
                seat=seat,
                pending=Pending(Phase.REVEAL, None, count),
                resume=pending,
                **changes,
            )
        if count:
            changes["area"] = area + deck[:count]
            changes["deck"] = deck[count:]
    # A turn's first decision awaited: ``_enter`` has nothing to settle.
    return replace(state, seat=seat, pending=pending, resume=None, **changes)


def _enter(state: State) -> State:
    """Settle a second step that has become impossible (no affordable card after a refill)."""
    turn = state.turn
    second = state.pending.phase is Phase.SECOND and turn is not None and turn.action == "buy"
    if second and turn is not None and not _affordable(state, turn.cash, state.area):
        return _settle(state)
    return state


# --------------------------------------------------------------------------- legal decisions


class RevealChoices(Sequence[Reveal]):
    """Every reveal of ``size`` cards of the deck, lazily (in any order, see ``__contains__``)."""

    def __init__(self, deck: tuple[str, ...], size: int) -> None:
        self.deck = deck
        self.size = size

    def __len__(self) -> int:
        return math.comb(len(self.deck), self.size)

    def __iter__(self) -> Iterator[Reveal]:
        for combo in itertools.combinations(self.deck, self.size):
            yield Reveal(combo)

    @overload
    def __getitem__(self, index: int) -> Reveal: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Reveal]: ...
    def __getitem__(self, index: int | slice) -> Reveal | Sequence[Reveal]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        chosen: list[str] = []
        start, left = 0, self.size
        while left:
            for i in range(start, len(self.deck)):
                block = math.comb(len(self.deck) - i - 1, left - 1)
                if index < block:
                    chosen.append(self.deck[i])
                    start, left = i + 1, left - 1
                    break
                index -= block
        return Reveal(tuple(chosen))

    def __contains__(self, item: object) -> bool:
        return (
            isinstance(item, Reveal)
            and len(item.cards) == self.size
            and len(set(item.cards)) == self.size
            and set(item.cards) <= set(self.deck)
        )


def legal_decisions(state: State) -> Sequence[Decision]:
    """Every decision that may be made now, in a fixed order (empty when the game is over)."""
    pending = state.pending
    if pending.phase is Phase.OVER:
        return []
    if pending.phase is Phase.REVEAL:
        if state.order_known:
            return [Reveal(state.deck[: pending.count])]
        return RevealChoices(state.deck, pending.count)
    assert pending.seat is not None
    seat = pending.seat
    player = state.players[seat]
    name = player.name
    turn = state.turn
    if pending.phase is Phase.SECOND:
        assert turn is not None
        if turn.action == "buy":
            return [Buy(name, card) for card in _affordable(state, turn.cash, state.area)]
        return [
            Sell(name, card)
            for card in player.cities
            if card not in turn.cards and not (turn.ring and _red_now(state, card))
        ]
    ability = _ability(state, seat)
    media = player.media
    out: list[Decision] = []
    if ability == "refresh" and media >= REFRESH_COST:
        for size in range(len(state.area) + 1):
            out.extend(Refresh(name, combo) for combo in itertools.combinations(state.area, size))
    rings = (False, True) if ability == "ring" and media >= RING_COST else (False,)
    buyable = _affordable(state, player.cash, state.area)
    for card in buyable:
        left = [c for c in state.area if c != card]
        after = player.cash - state.components.city(card).base
        second = bool(_affordable(state, after, left)) or (
            len(left) <= REFILL_AT and bool(state.deck)
        )
        for extra in _extras(state, seat, second, player.bought_two):
            for ring in rings:
                out.append(Buy(name, card, extra, ring))
    for card in player.cities:
        second = len(player.cities) >= 2
        for extra in _extras(state, seat, second, player.sold_two):
            # Media below zero (house rule media_floor none) spends none, but the sale stands.
            cash_options = range(max(media, 0) + 1) if ability == "media_cash" else range(1)
            for ring in rings:
                if ring and _wasted_ring(state, seat, card, extra is not None):
                    continue
                out.extend(Sell(name, card, extra, ring, k) for k in cash_options)
    if not buyable and not player.cities:
        out.append(Pass(name))
    return out


def _extras(state: State, seat: int, second: bool, box_used: bool) -> list[Optional[str]]:
    extras: list[Optional[str]] = [None]
    if second and not box_used:
        extras.append("box")
    rue = _ability(state, seat) == "extra_card"
    if second and rue and state.players[seat].media >= EXTRA_CARD_COST:
        extras.append("rue")
    return extras


# --------------------------------------------------------------------------- apply


def apply_all(state: State, decisions: Iterable[Decision]) -> State:
    """Apply decisions in order."""
    for decision in decisions:
        state = apply(state, decision)
    return state


def apply(state: State, decision: Decision) -> State:
    """The state after ``decision``; raises an ``IllegalDecision`` that names the numbers."""
    pending = state.pending
    if pending.phase is Phase.OVER:
        raise GameOver("the game is over: 12 rounds have been played")
    if isinstance(decision, Reveal):
        if pending.phase is not Phase.REVEAL:
            raise WrongDecisionKind("no cards are to be revealed now")
        return _apply_reveal(state, decision)
    seat = pending.seat
    on_turn = seat is not None and pending.phase is not Phase.REVEAL
    if on_turn and seat is not None and decision.player == state.players[seat].name:
        return _dispatch(state, seat, decision)  # the player on turn: the checks below pass
    names = [p.name for p in state.players]
    if decision.player not in names:
        raise UnknownName(
            f"{decision.player!r} is not a player ({', '.join(names)})",
            unknown=(decision.player, tuple(names)),
        )
    if pending.phase is Phase.REVEAL:
        raise NotYourDecision(f"{_count(pending.count)} to be revealed from the deck first")
    assert pending.seat is not None
    seat = pending.seat
    if decision.player != names[seat]:
        raise NotYourDecision(
            f"it is {possessive(names[seat])} turn (round {state.round}), not"
            f" {possessive(decision.player, alone=True)}"
        )
    return _dispatch(state, seat, decision)


def _dispatch(state: State, seat: int, decision: Buy | Sell | Pass | Refresh) -> State:
    """``apply`` of a decision by the player whose turn it is."""
    if state.pending.phase is Phase.SECOND:
        return _apply_second(state, seat, decision)
    if isinstance(decision, Refresh):
        return _apply_refresh(state, seat, decision)
    if isinstance(decision, Pass):
        return _apply_pass(state, seat)
    if isinstance(decision, Buy):
        return _apply_buy(state, seat, decision)
    return _apply_sell(state, seat, decision)


def _known_card(state: State, card: str) -> None:
    if card not in state.components.by_name:
        # The cards a decision could mean: those in the sale area or held by a player.
        held = tuple(c for p in state.players for c in p.cities)
        near = (*state.area, *held)
        raise UnknownName(f"{card!r} is not a city card of these components", unknown=(card, near))


def _check_options(
    state: State, seat: int, extra: Optional[str], ring: bool, media_cash: int, action: str
) -> None:
    player = state.players[seat]
    ability = _ability(state, seat)
    role = player.role
    if extra is not None and extra not in EXTRAS:
        raise WrongDecisionKind(f"a second card is taken with box or rue, not {extra!r}")
    if extra == "box" and (player.bought_two if action == "buy" else player.sold_two):
        raise BoxUsed(f"{player.name} has already crossed the {action}-two box")
    if extra == "rue":
        if ability != "extra_card":
            raise AbilityRefused(
                f"{player.name} ({role}, side {state.role_side}) has no extra card"
            )
        if player.media < EXTRA_CARD_COST:
            raise AbilityRefused(f"{player.name} has {player.media} media; an extra card costs 2")
    if ring:
        if ability != "ring":
            raise AbilityRefused(f"{player.name} ({role}, side {state.role_side}) draws no ring")
        if player.media < RING_COST:
            raise AbilityRefused(f"{player.name} has 0 media; a celebration ring costs 1")
    if media_cash:
        if ability != "media_cash":
            raise AbilityRefused(
                f"{player.name} ({role}, side {state.role_side}) cannot sell media for coins"
            )
        if media_cash < 0 or media_cash > player.media:
            raise AbilityRefused(
                f"{player.name} has {player.media} media; {media_cash} cannot be spent"
            )


def _spend(state: State, seat: int, cost: int) -> tuple[Player, ...]:
    if not cost:
        return state.players
    player = state.players[seat]
    return _set_player(state, seat, replace(player, media=player.media - cost))


def _apply_buy(state: State, seat: int, decision: Buy) -> State:
    player = state.players[seat]
    _known_card(state, decision.card)
    if decision.card not in state.area:
        raise CardUnavailable(f"{decision.card} is not in the sale area ({_cards(state.area)})")
    if decision.extra is not None or decision.ring:
        _check_options(state, seat, decision.extra, decision.ring, 0, "buy")
    base = state.components.city(decision.card).base
    if base > player.cash:
        raise InsufficientFunds(f"{player.name} holds {player.cash}; {decision.card} costs {base}")
    at = state.area.index(decision.card)  # once: no card is in two places
    area = state.area[:at] + state.area[at + 1 :]
    if decision.extra is not None:
        after = player.cash - base
        if not _affordable(state, after, area) and not (len(area) <= REFILL_AT and state.deck):
            raise InsufficientFunds(
                f"after buying {decision.card} {player.name} holds {after}, and no other card"
                f" in the sale area costs {after} or less: no second purchase is possible"
            )
    cost = (EXTRA_CARD_COST if decision.extra == "rue" else 0) + (RING_COST if decision.ring else 0)
    players = _spend(state, seat, cost)
    if decision.extra == "box":
        players = _set_player(
            replace(state, players=players), seat, replace(players[seat], bought_two=True)
        )
    turn = TurnSoFar("buy", (decision.card,), decision.extra, decision.ring, 0, player.cash - base)
    if decision.extra is None:
        return _settle_turn(state, turn, players, area)
    state = replace(state, players=players, area=area, turn=turn)
    return _with_refill(state, Pending(Phase.SECOND, seat))


def _apply_sell(state: State, seat: int, decision: Sell) -> State:
    player = state.players[seat]
    _known_card(state, decision.card)
    if decision.card not in player.cities:
        raise CardUnavailable(
            f"{player.name} does not hold {decision.card} (holds {_cards(player.cities)})"
        )
    if decision.extra is not None or decision.ring or decision.media_cash:
        _check_options(state, seat, decision.extra, decision.ring, decision.media_cash, "sell")
    if decision.extra is not None and len(player.cities) < 2:
        raise CardUnavailable(f"{player.name} holds 1 city: a second sale is impossible")
    wasted = decision.ring and _wasted_ring(state, seat, decision.card, decision.extra is not None)
    if wasted:
        raise wasted
    cost = (
        (EXTRA_CARD_COST if decision.extra == "rue" else 0)
        + (RING_COST if decision.ring else 0)
        + decision.media_cash
    )
    players = _spend(state, seat, cost)
    if decision.extra == "box":
        players = _set_player(
            replace(state, players=players), seat, replace(players[seat], sold_two=True)
        )
    price = state.components.city(decision.card).price(state.round)
    turn = TurnSoFar(
        "sell",
        (decision.card,),
        decision.extra,
        decision.ring,
        decision.media_cash,
        player.cash + price,
    )
    if decision.extra is None:
        return _settle_turn(state, turn, players, state.area)
    state = replace(state, players=players, turn=turn)
    return _with_refill(state, Pending(Phase.SECOND, seat))


def _apply_second(state: State, seat: int, decision: Decision) -> State:
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    kind = Buy if turn.action == "buy" else Sell
    if not isinstance(decision, kind):
        raise WrongDecisionKind(
            f"{player.name} declared two cities: after {turn.cards[0]},"
            f" a second {turn.action} is awaited"
        )
    if (
        decision.extra is not None
        or decision.ring
        or (isinstance(decision, Sell) and decision.media_cash)
    ):
        raise WrongDecisionKind("the second card of a turn takes no options (they go on the first)")
    _known_card(state, decision.card)
    if isinstance(decision, Buy):
        if decision.card not in state.area:
            raise CardUnavailable(f"{decision.card} is not in the sale area ({_cards(state.area)})")
        base = state.components.city(decision.card).base
        if base > turn.cash:
            paid = ", ".join(turn.cards)
            raise InsufficientFunds(
                f"{player.name} holds {turn.cash} after {paid} this turn;"
                f" {decision.card} costs {base}"
            )
        area = tuple(c for c in state.area if c != decision.card)
        turn = replace(turn, cards=(*turn.cards, decision.card), cash=turn.cash - base)
        return _settle_turn(state, turn, state.players, area)
    if decision.card not in player.cities or decision.card in turn.cards:
        held = [c for c in player.cities if c not in turn.cards]
        raise CardUnavailable(f"{player.name} does not hold {decision.card} (holds {_cards(held)})")
    if turn.ring and _red_now(state, decision.card):
        others = [c for c in player.cities if c not in turn.cards and not _red_now(state, c)]
        raise RingAlreadyDrawn(
            f"{decision.card} would be sold in its red month {state.round}, which draws the"
            f" celebration ring; {player.name} paid 1 media for Felix's ring on {turn.cards[0]},"
            " which would then add nothing: the turn's ring is drawn once",
            hints=(f"sell {' or '.join(others)} second" if others else "sell another city",),
        )
    price = state.components.city(decision.card).price(state.round)
    turn = replace(turn, cards=(*turn.cards, decision.card), cash=turn.cash + price)
    return _settle_turn(state, turn, state.players, state.area)


def _apply_pass(state: State, seat: int) -> State:
    player = state.players[seat]
    buyable = _affordable(state, player.cash, state.area)
    if player.cities or buyable:
        can = f"sell {player.cities[0]}" if player.cities else f"buy {buyable[0]}"
        raise PassRefused(f"{player.name} can {can}: a turn passes only when nothing can be done")
    turn = TurnSoFar("pass", (), None, False, 0, player.cash)
    return _settle_turn(state, turn, state.players, state.area)


def _apply_refresh(state: State, seat: int, decision: Refresh) -> State:
    player = state.players[seat]
    if _ability(state, seat) != "refresh":
        raise AbilityRefused(
            f"{player.name} ({player.role}, side {state.role_side}) cannot refresh the sale area"
        )
    if player.media < REFRESH_COST:
        raise AbilityRefused(f"{player.name} has 0 media; a refresh costs 1")
    for card in decision.discard:
        _known_card(state, card)
        if card not in state.area:
            raise CardUnavailable(f"{card} is not in the sale area ({_cards(state.area)})")
    if len(set(decision.discard)) != len(decision.discard):
        raise CardUnavailable("a card is discarded twice")
    area = tuple(c for c in state.area if c not in decision.discard)
    state = replace(
        state,
        players=_spend(state, seat, REFRESH_COST),
        area=area,
        removed=state.removed + tuple(decision.discard),
    )
    return _with_refill(state, Pending(Phase.TURN, seat), force=True)


def _apply_reveal(state: State, decision: Reveal) -> State:
    count = state.pending.count
    cards = decision.cards
    if len(cards) != count:
        raise BadReveal(f"{_count(count)} to be revealed; {len(cards)} given")
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            raise BadReveal(f"{card} is revealed twice")
        seen.add(card)
        if card not in state.deck:
            raise BadReveal(f"{card} is not in the deck: it is {_where(state, card)}")
    if state.order_known and cards != state.deck[:count]:
        raise DealMismatch(f"the seed deals {_cards(state.deck[:count])}; {_cards(cards)} revealed")
    deck = tuple(c for c in state.deck if c not in seen)
    resume = state.resume
    assert resume is not None
    state = replace(state, area=state.area + cards, deck=deck, pending=resume, resume=None)
    if state.mid_year_due:
        return _end_of_mid_year(replace(state, mid_year_due=False))
    return _enter(state)


def _where(state: State, card: str) -> str:
    if card not in state.components.by_name:
        return "not a city card of these components"
    if card in state.area:
        return "in the sale area"
    for player in state.players:
        if card in player.cities:
            return f"held by {player.name}"
    if card in state.removed:
        return "out of the game"
    return "a starting city"


# --------------------------------------------------------------------------- settlement


def _settle(state: State) -> State:
    """Draw this month's line for the player on turn, then pass the turn on."""
    turn = state.turn
    assert turn is not None
    return _settle_turn(state, turn, state.players, state.area)


def _settle_turn(
    state: State, turn: TurnSoFar, players: tuple[Player, ...], area: tuple[str, ...]
) -> State:
    """``_settle`` of ``replace(state, players=players, area=area, turn=turn)``, without
    that copy of the state."""
    seat = state.seat
    player = players[seat]
    month = state.round
    cash = turn.cash
    extra_cash = turn.media_cash * MEDIA_CASH_COINS
    cash += extra_cash
    lost = max(0, cash - MAX_CASH)
    cash -= lost
    # One ring a turn at most: a red-month sale draws it, or Felix's paid ring (never both).
    red = turn.action == "sell" and any(_red_now(state, card) for card in turn.cards)
    ring = turn.ring or red
    board = state.components.boards[player.board]
    if turn.action == "pass" and state.house.pass_symbols == "none":
        gained = NO_SYMBOLS
    else:
        gained = line_gains(board, month, player.cash, cash, ring)
    if turn.action == "buy":
        cities = player.cities + turn.cards
    elif turn.action == "sell":
        cities = tuple(c for c in player.cities if c not in turn.cards)
        area = area + turn.cards
    else:
        cities = player.cities
    mark = Mark(month, cash, turn.action, turn.cards, gained, ring, extra_cash, lost)
    updated = replace(
        player,
        cities=cities,
        marks=(*player.marks, mark),
        media=_media(state, player.media + gained.media),
    )
    players = (*players[:seat], updated, *players[seat + 1 :])
    return _next_turn(state, players, area)


def _next_turn(state: State, players: tuple[Player, ...], area: tuple[str, ...]) -> State:
    """The turn settled (``players`` and ``area`` after it) passed to the next seat, the
    round ended after the last one."""
    seat = (state.seat + 1) % len(players)
    if seat != state.first:
        return _turn_of(state, seat, players=players, area=area, turn=None)
    state = replace(state, players=players, area=area, turn=None)
    if state.round == YEAR_END:
        state = replace(state, seat=seat, pending=Pending(Phase.OVER), resume=None)
        return replace(state, result=final_scores(state))
    if state.round == MID_YEAR:
        state = replace(state, seat=seat)
        count = _refill_count(state, len(state.area))
        short = len(state.area) <= REFILL_AT and count > 0
        if not short or state.house.mid_year_refill == "skip":
            return _end_of_mid_year(state)
        if state.automatic:
            turned = state.deck[:count]
            return _end_of_mid_year(
                replace(state, area=state.area + turned, deck=state.deck[count:])
            )
        return replace(
            state,
            pending=Pending(Phase.REVEAL, None, count),
            resume=Pending(Phase.TURN, seat),
            mid_year_due=True,
        )
    return _turn_of(state, seat, round=state.round + 1)


def _end_of_mid_year(state: State) -> State:
    """The mid-year trend card, then the sale area cleared and 5 cards turned up (round 7)."""
    state = _mid_year(state)
    state = replace(
        state,
        round=state.round + 1,
        removed=state.removed + state.area,
        area=(),
    )
    return _with_refill(state, Pending(Phase.TURN, state.seat), force=True)


def _extreme(values: Sequence[int], most: bool, ties: str) -> list[int]:
    best = max(values) if most else min(values)
    seats = [seat for seat, value in enumerate(values) if value == best]
    return seats if len(seats) == 1 or ties == "all" else []


def _mid_year(state: State) -> State:
    trend = state.components.trend(state.mid_trend)
    if trend.condition in ("most_cash", "least_cash"):
        values = [p.cash for p in state.players]
    else:
        values = [len(p.cities) for p in state.players]
    winners = _extreme(values, trend.condition.startswith("most"), state.house.trend_ties)
    players = tuple(
        replace(p, media=_media(state, p.media + trend.media)) if seat in winners else p
        for seat, p in enumerate(state.players)
    )
    return replace(
        state, players=players, trend_media=tuple(state.players[s].name for s in winners)
    )


# --------------------------------------------------------------------------- scoring


def year_end_amount(state: State, seat: int) -> int:
    """What the year-end trend card gives ``seat`` for the months played so far (not month 0)."""
    trend = state.components.trend(state.end_trend)
    amounts = [mark.cash for mark in state.players[seat].marks]
    if trend.condition == "stopped_on":
        return trend.each * sum(1 for amount in trend.amounts if amount in amounts)
    if trend.condition == "distinct_amounts":
        reached = len(set(amounts))
    else:
        reached = max(Counter(amounts).values(), default=0)
    return max((coins for count, coins in trend.tiers if reached >= count), default=0)


def media_awards(values: Sequence[int]) -> tuple[int, ...]:
    """The media influence reward of each seat: ranked by value, ties share their places' sum."""
    table = MEDIA_REWARDS[len(values)]
    order = sorted(set(values), reverse=True)
    awards = [0] * len(values)
    place = 0
    for value in order:
        tied = [seat for seat, v in enumerate(values) if v == value]
        pot = sum(table[place : place + len(tied)])
        for seat in tied:
            awards[seat] = pot // len(tied)
        place += len(tied)
    return tuple(awards)


def settlement_reward(points: int) -> int:
    """Coins for a number of settlement points (5 or more give the most)."""
    return SETTLEMENT_REWARDS[min(points, len(SETTLEMENT_REWARDS) - 1)]


def final_scores(state: State) -> Result:
    """Score every player as the game stands (the result once 12 rounds are over)."""
    components = state.components
    media_values = []
    parts = []
    for seat, player in enumerate(state.players):
        cards = [components.city(name) for name in player.cities]
        on_cards = total_symbols(card.symbols for card in cards)
        role = components.role(player.role)
        from_role = role.side_a if state.role_side == "A" else NO_SYMBOLS
        # Each investment colour: the cards of that colour times its symbols (gained, on the
        # role card and on the cards); ``INVESTMENT_COLOURS`` written out, one pass on cards.
        gained = player.gained
        symbols = total_symbols((gained, from_role, on_cards))
        held: dict[str, int] = {}
        for card in cards:
            held[card.colour] = held.get(card.colour, 0) + 1
        investments = (
            held.get("green", 0) * symbols.green * INVESTMENT_COINS,
            held.get("orange", 0) * symbols.orange * INVESTMENT_COINS,
            held.get("blue", 0) * symbols.blue * INVESTMENT_COINS,
        )
        points = gained.star + on_cards.star
        media_values.append(player.media + on_cards.media)
        parts.append((cards, points, investments, year_end_amount(state, seat)))
    awards = media_awards(media_values)
    scores = tuple(
        Score(
            cities=sum(card.base for card in cards),
            cash=player.cash,
            settlement_points=points,
            settlement=settlement_reward(points),
            investments=(investments[0], investments[1], investments[2]),
            trend=trend,
            media_value=media_values[seat],
            media=awards[seat],
        )
        for seat, (player, (cards, points, investments, trend)) in enumerate(
            zip(state.players, parts, strict=True)
        )
    )
    keys = [(s.total, len(p.cities), p.cash) for s, p in zip(scores, state.players, strict=True)]
    ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
    return Result(scores, ranks)


def month_of(state: State) -> int:
    """The month (round) being played, 12 once the game is over."""
    return min(state.round, MONTHS)


def check_reason(state: State, decision: Decision) -> Optional[IllegalDecision]:
    """The error ``apply`` would raise for ``decision``, or None when it is legal."""
    try:
        apply(state, decision)
    except IllegalDecision as error:
        return error
    return None
