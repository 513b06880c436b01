"""The interface a game provides to the frame: one small Protocol over plain state.

The frame (reading YAML with places, schema checking, editing a log in place,
problems and their codes, digests, the CLI and reporters) never knows a
game's rules; it knows only this interface, in the spirit of Rally the
Troops' rules modules (``setup``, ``view``, ``action`` over plain
serialisable state) and OpenSpiel's ``Game``/``State`` (legal actions,
apply, current player, returns).

A log entry is ``- KEY: TEXT`` where KEY is who decides (a player, or a
game's pseudo-decider such as World Exchangers' ``deck``) and TEXT is the
game's notation.  One entry may hold more than one engine decision (For-Ex's
``spot ...; invest USD`` is a spot and an action; World Exchangers'
``buy Vienna, Roma +box`` is two purchases), so ``parse`` returns a tuple
and ``write`` takes one.  Everything the frame needs per game:

=================  ==========================================================
``name``           the header's ``game:`` value (``for-ex`` is the default,
                   so a log without ``game:`` is For-Ex)
``schemas()``      the game's published JSON Schemas by role (``log``,
                   ``show``, ``components``), plain dicts
``resources()``    which files the header names (components file and its
                   SHA-256) so the frame can read and check them before
                   ``setup``; the game gets their decoded content
``setup()``        header (plain data, schema-checked) + resources -> state;
                   raises the game's ``rules_error`` with a stable code
``log_keys()``     who may write an entry: the players, and pseudo-deciders
``parse()``        notation -> decisions; raises ``notation_error``
``write()``        decisions -> notation (``parse(write(d)) == d``)
``legal()``        every decision possible now (the single source of truth;
                   may be a lazy sequence, e.g. reveals of unknown cards)
``apply()``        state, decision -> next state, or ``rules_error``
``pending()``      who decides what, or that the game is over
``result()``       the final ranking as JSON-ready data, or None
``view()``         the state as JSON-ready data (``show --format json``);
                   the frame's digest of a state is the first 16 hex digits
                   of the SHA-256 of its canonical JSON
=================  ==========================================================

Errors: ``rules_error`` and ``notation_error`` are the game's exception base
classes; every instance has ``code`` (stable, listed in the game's ``CODES``)
and ``reason`` (a sentence that names the numbers).  The frame adds file,
line, column, move number and hint.

How For-Ex plugs in: its modules live in ``forexcli.games.forex``, and
``forexcli.games.forex.FOREX`` wraps them behind this Protocol: ``setup`` is
``engine.new_game(players, removed or draw_removed(seed), first,
HouseRules(**house_rules))``, ``parse``
is ``notation.parse(...).decisions()``, ``write`` is ``notation.write_entry``
of a ``Written`` rebuilt from one or two decisions, ``legal`` is
``engine.legal_decisions``, ``apply`` is ``engine.apply``, ``pending`` reads
``GameState.pending`` (phase and seat), ``view`` is ``snapshot.state_dict``
(so For-Ex's digests are unchanged), ``rules_error`` is ``ForexError``.
What stays For-Ex's own after the move: its engine (with ``apply_all`` and
``apply_with_events`` for fast replay and catch-up sentences), its
``moves`` grouping, its SVG board, its search.  Optional capabilities of
that kind are separate Protocols (``Narrated``, ``LoadsResources`` below) the
frame tests for.

The frame reads every game through this interface alone (``record.gamelog``:
YAML with places, the game's schema or its own checks, its resources, replay):
the optional capabilities below (``ChecksLog``, ``ReplaysWithEvents``,
``ExplainsRefusals``, ``CatchesUp``, ``ComparesSetups``, ``Mails``, ``ReportsPlays``,
``ReportsHistory``, ``StatusLine``, ``Countersigned``) are what a game adds to it, and the
frame tests for them; a command that needs one the game lacks says so (``not_for_game``).  What the
commands print of a game (``show``, ``moves``, ``chart``, ``html``, ``new``) are the views
at the end (``ShowsText`` ... ``StartsLogs``), which both games implement.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, NamedTuple, Optional, Protocol, TypeVar, runtime_checkable

from msgspec import Struct

StateT = TypeVar("StateT")
DecisionT = TypeVar("DecisionT")
StateIn = TypeVar("StateIn", contravariant=True)
DecisionIn = TypeVar("DecisionIn", contravariant=True)


class Pending(Struct, frozen=True):
    """Who decides next, and what kind of decision; ``over`` when nobody does.

    ``deciders`` are log keys (players' names, or a pseudo-decider such as
    ``deck``); ``kind`` is a game's own word for the decision (``turn``,
    ``divest_response``, ``reveal``, ...); ``count`` what the kind needs to
    say how much (for example the number of cards to reveal).
    """

    deciders: tuple[str, ...]
    kind: str
    count: int = 0

    @property
    def over(self) -> bool:
        """True when the game is over."""
        return not self.deciders


OVER = Pending((), "over")


class Resource(Struct, frozen=True):
    """A file a log's header names: where, and the SHA-256 (hex) it must have if given.

    ``embedded`` holds the content when the header embeds it instead.
    """

    role: str
    path: Optional[str] = None
    sha256: Optional[str] = None
    embedded: Optional[Any] = None


@runtime_checkable
class Game(Protocol[StateT, DecisionT]):
    """One game's rules module, as the frame sees it (see the module docstring)."""

    name: str
    title: str
    rules_error: type[Exception]
    notation_error: type[Exception]

    def schemas(self) -> Mapping[str, Mapping[str, Any]]:
        """The game's published JSON Schemas by role (``log``, ``components``, ...)."""
        ...

    def resources(self, header: Mapping[str, Any]) -> Sequence[Resource]:
        """The files the header names, for the frame to read and check before ``setup``."""
        ...

    def setup(self, header: Mapping[str, Any], resources: Mapping[str, Any]) -> StateT:
        """The state at the start, from the header and the decoded resources."""
        ...

    def log_keys(self, header: Mapping[str, Any]) -> tuple[str, ...]:
        """Every key an entry may have: the players, then any pseudo-decider (``deck``)."""
        ...

    def parse(self, key: str, text: str) -> tuple[DecisionT, ...]:
        """The decisions of one log entry ``KEY: TEXT``."""
        ...

    def write(self, decisions: Sequence[DecisionT]) -> str:
        """The notation of one log entry holding ``decisions``."""
        ...

    def key(self, decisions: Sequence[DecisionT]) -> str:
        """The log key of an entry holding ``decisions`` (who decides)."""
        ...

    def legal(self, state: StateT) -> Sequence[DecisionT]:
        """Every decision that may be made now, in a fixed order."""
        ...

    def apply(self, state: StateT, decision: DecisionT) -> StateT:
        """The state after ``decision``; raises ``rules_error``."""
        ...

    def pending(self, state: StateT) -> Pending:
        """Who decides next and what, or ``OVER``."""
        ...

    def result(self, state: StateT) -> Optional[dict[str, Any]]:
        """The final scores and ranks as JSON-ready data, or None while the game goes on."""
        ...

    def view(self, state: StateT) -> dict[str, Any]:
        """The state as JSON-ready data in a stable shape."""
        ...


@runtime_checkable
class Narrated(Protocol[StateIn, DecisionIn]):
    """A game that can also tell what a decision caused, in plain sentences."""

    def describe(self, before: StateIn, decision: DecisionIn, after: StateIn) -> tuple[str, ...]:
        """Sentences saying what ``decision`` did."""
        ...


@runtime_checkable
class LoadsResources(Protocol):
    """A game whose header names files (``resources``) that it decodes and checks itself."""

    def load_resource(self, resource: Resource, folder: str) -> Any:
        """The decoded content of ``resource`` (its path relative to ``folder``).

        Raises an exception with a stable ``code`` and a ``reason``; the frame places it
        at the header key that names the file.
        """
        ...


@runtime_checkable
class ChecksLog(Protocol):
    """A game that checks its log's schema, header and entries itself, in its own words.

    ``fast_validator`` (a ``record.fastpath.Validator`` of the game's log schema, or None)
    lets the reader take the fast path for a log of this game.
    """

    fast_validator: Any

    def check_log(self, document: Any, filename: str, *, schema_checked: bool = False) -> Any:
        """The entries (``record.entry.Entry``) of a log read as YAML (``record.yamlread
        .Document``); raises ``record.problems.LogError`` with every problem.  With
        ``schema_checked`` the schema has accepted the data already."""
        ...


@runtime_checkable
class ReplaysWithEvents(Protocol[StateT, DecisionIn]):
    """A game that tells what each decision caused (events) and replays a game at once."""

    def apply_with_events(self, state: StateT, decision: DecisionIn) -> tuple[StateT, Any]:
        """The state after ``decision`` and the events it caused; raises ``rules_error``."""
        ...

    def apply_all(self, state: StateT, decisions: Sequence[DecisionIn]) -> StateT:
        """The state after every decision, checked like ``apply``, without the states
        between."""
        ...


@runtime_checkable
class ExplainsRefusals(Protocol):
    """A game that words the hints of a refused set-up or entry itself."""

    def setup_hints(self, error: Exception) -> tuple[str, ...]:
        """The hints of a set-up that ``setup`` refused with ``error``."""
        ...

    def refusal_hints(
        self, before: Any, entry: Any, error: Exception, players: Sequence[str]
    ) -> tuple[str, ...]:
        """The hints of ``entry`` (``record.entry.Entry``) that ``apply`` refused in state
        ``before`` (what is legal, "did you mean")."""
        ...


@runtime_checkable
class CatchesUp(Protocol):
    """A game that tells a player in sentences what happened since a move, and who is next."""

    def summarize(self, replay: Any, since: int, until: Optional[int] = None) -> list[str]:
        """Lines for a terminal: a heading per move after ``since`` (to ``until``), its
        sentences indented (``replay`` is a ``record.gamelog.Replay``)."""
        ...

    def pending_text(self, state: Any) -> str:
        """Whose decision is awaited, and of which kind, in a few words."""
        ...


@runtime_checkable
class ComparesSetups(Protocol):
    """A game that says which header fields make two logs the same game, and words them."""

    def setup_fields(self, header: Mapping[str, Any]) -> dict[str, Any]:
        """The set-up as comparable data (defaults filled in: absent and default are alike)."""
        ...

    def setup_value(self, name: str, value: Any) -> str:
        """One set-up field of ``setup_fields`` as a person reads it."""
        ...


@runtime_checkable
class Mails(Protocol):
    """A game whose mails carry its own message and a picture of the board."""

    def message(
        self, replay: Any, since: Optional[int], fmt: str, *, at: Optional[int] = None
    ) -> Any:
        """The message (``subject``, ``body``, ``full()``) about ``replay`` after move
        ``since`` (None: what the next decider has not seen) up to move ``at`` (None: the
        last legal one), in ``fmt`` (``text``, ``markdown``, ``bbcode``); ``ValueError``
        for a move or format it cannot tell."""
        ...

    def picture(self, state: Any, title: str) -> str:
        """The board of ``state`` as a standalone SVG document headed ``title``."""
        ...


@runtime_checkable
class ReportsPlays(Protocol):
    """A game that words the report of ``forex play`` itself (a game without it gets the
    frame's plain one, ``reporters.record.play_text``)."""

    def play_text(
        self, replay: Any, file: str, *, written: bool, markdown: bool, style: Any, width: int
    ) -> str:
        """What the last entry of ``replay`` (a ``record.gamelog.Replay``) did and who decides
        next, for a terminal (``style``: ``reporters.Style``) or as markdown."""
        ...

    def play_data(self, replay: Any, file: str, *, written: bool) -> dict[str, Any]:
        """The report of the last entry as JSON-ready data (``format``: ``forex-play``)."""
        ...


@runtime_checkable
class ReportsHistory(Protocol):
    """A game that words ``forex history`` itself (a game without it gets the frame's
    plain table, ``reporters.record.history_text``)."""

    def history_text(
        self, replay: Any, *, events: bool, markdown: bool, style: Any, width: int
    ) -> str:
        """Every entry with its note (and with ``events`` what it did), as a table."""
        ...

    def history_data(self, replay: Any) -> dict[str, Any]:
        """The entries as JSON-ready data (``format``: ``forex-history``)."""
        ...


@runtime_checkable
class StatusLine(Protocol[StateIn]):
    """A game that words the line ``validate`` says of a valid log itself."""

    def status(self, state: StateIn) -> str:
        """Who decides next and what, or the result, in one line."""
        ...


@runtime_checkable
class Countersigned(Protocol):
    """A game where an entry may need a second player's agreement (For-Ex's spot deal): that
    player may sign it too (``forex sign``), and ``signatures: required`` waits for it."""

    def cosigner(self, written: Any, player: str) -> Optional[str]:
        """The player besides ``player`` whose agreement an entry (``written``: its decisions
        as the game's ``parse`` gave them) needs, or None."""
        ...


def state_digest(game: Game[StateT, Any], state: StateT) -> str:
    """16 hex digits of the SHA-256 of the canonical JSON of ``game.view(state)``.

    For For-Ex this is ``snapshot.state_digest`` (a test keeps them equal).
    """
    import hashlib

    return hashlib.sha256(canonical_json(game.view(state))).hexdigest()[:16]


def canonical_json(value: Any) -> bytes:
    """``json.dumps(value, sort_keys=True, separators=(",", ":"))`` as UTF-8 bytes.

    msgspec writes it several times faster; its text is taken only where it is surely the
    same: printable ASCII with no escape, no float (no digit before ``.`` or ``e``: the two
    write some floats apart, ``1e20`` against ``1e+20``, ``0.00006`` against ``6e-05``), and
    keys that are all text (others make msgspec refuse); json writes anything else (a view's
    numbers are whole: the rules' arithmetic is exact).
    """
    encode, plain, float_like = _fast_json()
    try:
        fast: bytes | None = encode(value)
    except (TypeError, ValueError, OverflowError):
        fast = None
    if fast is not None and plain(fast) and not float_like(fast):
        return fast
    import json

    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode("utf-8")


@cache
def _fast_json() -> tuple[Any, Any, Any]:
    """msgspec's sorted encoder, the test of printable ASCII without a backslash, and the
    search for what may be a float (a digit before ``.``, ``e`` or ``E``)."""
    import re

    import msgspec

    encoder = msgspec.json.Encoder(order="sorted")
    plain = re.compile(rb"[\x20-\x5b\x5d-\x7e]*").fullmatch
    float_like = re.compile(rb"[0-9][.eE]").search
    return encoder.encode, plain, float_like


@runtime_checkable
class Searchable(Protocol[StateT, DecisionT]):
    """What the game-independent search (``forexcli.search``) needs of a game.

    Seats are indices into the players.  A state is decided by a seat
    (``mover``), by chance (a pseudo-decider such as World Exchangers'
    ``deck``: ``mover`` is None and the game is not over), or nobody (over).
    ``determinize`` is the only place hidden information enters the search:
    it must redraw everything ``seat`` has not seen, from what the state shows
    publicly and nothing else, so that two states agreeing on what ``seat``
    has seen give the same redraws for the same ``rng``.
    """

    def seats(self, state: StateT) -> int:
        """How many players."""
        ...

    def names(self, state: StateT) -> tuple[str, ...]:
        """The players' names by seat (their log keys)."""
        ...

    def mover(self, state: StateT) -> Optional[int]:
        """The seat that decides now; None by chance or when the game is over."""
        ...

    def is_over(self, state: StateT) -> bool:
        """True when nobody decides any more."""
        ...

    def legal(self, state: StateT) -> Sequence[DecisionT]:
        """Every decision that may be made now, in a fixed order (``Game.legal``)."""
        ...

    def apply(self, state: StateT, decision: DecisionT) -> StateT:
        """The state after ``decision`` (``Game.apply``)."""
        ...

    def chance(self, state: StateT, rng: Any) -> DecisionT:
        """The chance decision of a determinized state (``mover`` None, not over)."""
        ...

    def evaluate(self, state: StateT) -> tuple[float, ...]:
        """Each seat's value from 0 to 1 (when over: 1 for a win, shared on a tie)."""
        ...

    def determinize(self, state: StateT, seat: int, rng: Any) -> StateT:
        """``state`` with everything ``seat`` has not seen redrawn by ``rng``."""
        ...

    def revealed(self, before: StateT, after: StateT) -> bool:
        """Whether going from ``before`` to ``after`` showed something hidden before."""
        ...

    def entries(self, decisions: Sequence[DecisionT]) -> list[tuple[DecisionT, ...]]:
        """Consecutive decisions grouped as log entries, in order."""
        ...

    def write(self, decisions: Sequence[DecisionT]) -> str:
        """The notation of one log entry (``Game.write``)."""
        ...

    def key(self, decisions: Sequence[DecisionT]) -> str:
        """The log key of an entry (``Game.key``)."""
        ...


# --------------------------------------------------------------------------- the commands' views
#
# What ``forex show``, ``moves``, ``chart``, ``html`` and ``new`` print of a game comes from
# the game through these capabilities; the frame tests for them by name (``getattr``: the
# Protocols cost ``forex show`` this module's import) and refuses a command whose view a
# game lacks with ``not_yet_for_game``.  ``replay`` is a ``record.gamelog.Replay``, ``at``
# a move number already checked against it (no illegal entry at or before it).  A view
# that cannot give what was asked raises ``forexcli.games.ViewRefused``.


@runtime_checkable
class ShowsText(Protocol):
    """A game that ``forex show`` prints as text or markdown."""

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
        """The game after move ``at``; first what happened after move ``since`` when given
        (``since_player``: whose last move that is).  ``style`` is a ``reporters.Style``."""
        ...


@runtime_checkable
class ShowsData(Protocol):
    """A game whose ``show --format json`` is a view of its own (else it is ``Game.view``)."""

    def show_data(self, replay: Any, at: int, since: Optional[int]) -> dict[str, Any]:
        """The game after move ``at`` as JSON-ready data (the moves after ``since`` too)."""
        ...


@runtime_checkable
class DrawsBoards(Protocol):
    """A game whose board ``show --svg``/``--png`` draws."""

    def board_picture(self, state: Any, seat: Optional[str], title: str) -> tuple[str, str]:
        """The SVG document of the board(s) of ``seat`` (None: the game's choice) headed
        ``title``, and what it shows (``board``, ``boards``)."""
        ...


@runtime_checkable
class ChartsGame(Protocol):
    """A game that ``forex chart`` draws over the whole replay."""

    def chart(self, replay: Any, title: Optional[str]) -> str:
        """The SVG chart of a replay that reached its end (``title``: None for the game's)."""
        ...


@runtime_checkable
class PagesGame(Protocol):
    """A game that ``forex html`` writes as one replay page."""

    def replay_page(self, replay: Any, at: Optional[int], title: Optional[str]) -> str:
        """The self-contained HTML page, opening after move ``at`` (None: the last)."""
        ...


@runtime_checkable
class ListsMoves(Protocol):
    """A game whose ``forex moves`` lists its decisions in its own words (else the frame
    lists ``Game.legal`` in the game's notation)."""

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
        """The decisions possible after move ``at`` (``path``: the log as the user named it)."""
        ...

    def moves_data(self, replay: Any, at: int, kinds: Sequence[str]) -> dict[str, Any]:
        """The same as JSON-ready data."""
        ...


@runtime_checkable
class StartsLogs(Protocol):
    """A game that ``forex new --game NAME`` starts a log of."""

    def new_log(self, players: Sequence[str], options: Mapping[str, Any], path: str) -> str:
        """The text of a log of ``players`` with no moves, to be written at ``path``.

        ``options`` holds every option of ``forex new`` by its parameter name (``first``,
        ``seed``, ``title``, ``house_rule``, ...; None or ``()`` when not given); a game
        refuses one it does not take.
        """
        ...

    def new_log_report(self, path: str, replay: Any, options: Mapping[str, Any]) -> str:
        """What ``forex new`` says of the log just made (``replay``: it read back)."""
        ...


# --------------------------------------------------------------------------- the engine


class Advice(Struct, frozen=True):
    """One decision at the root of a search, as log entries: the entry it suggests (its
    decisions, legal now), the entries the search expects after it, the mean values by
    seat (0 to 1) and the visits."""

    entry: tuple[Any, ...]
    line: tuple[tuple[Any, ...], ...]
    values: tuple[float, ...]
    visits: int
    rule: Optional[str] = None
    """Why the search ranks it out of the order of visits, as a stable word (For-Ex: see
    ``games.forex.search.reasons``); None: in the order of visits."""
    reason: Optional[str] = None
    """The ``rule`` in words, addressed to the player (``ranked last: ...``)."""
    texts: tuple[str, ...] = ()
    """The entry, then the entries of ``line``, written as ``forex moves`` lists them, when
    that differs from the game's ``write`` (empty: ``write`` them)."""


class Searched(NamedTuple):
    """What a search found: ``advice`` most visited first (made as it is read, so that a
    hint wanting one entry pays for one), and what it cost."""

    advice: Iterable[Advice]
    simulations: int
    seconds: float


class Judged(Struct, frozen=True):
    """A recorded entry weighed by a search: the values after it, the engine's choice, and
    whether that choice is the recorded entry (``same``)."""

    played: tuple[float, ...]
    best: Advice
    same: bool = False


class Searches(Protocol):
    """A game's search as the advisor (``forexcli.search.advisor``) asks it: the best lines
    with their values for a state and a budget (a ``forexcli.search.ismcts.Budget``)."""

    def names(self, state: Any) -> tuple[str, ...]:
        """The players' names by seat."""
        ...

    def mover(self, state: Any) -> Optional[int]:
        """The seat that decides now; None when nobody does (chance, or over)."""
        ...

    def write(self, decisions: Sequence[Any]) -> str:
        """The notation of one log entry (``Game.write``)."""
        ...

    def key(self, decisions: Sequence[Any]) -> str:
        """The log key of an entry (``Game.key``)."""
        ...

    def advise(
        self, state: Any, budget: Any, *, seed: int, progress: Any, decided: bool
    ) -> Searched:
        """Search ``state`` (a seat decides) within ``budget``; ``progress`` (or None) is
        called with the simulations done; ``decided`` may end the search once its first
        choice can no longer change (one entry is wanted, not the figures of the others)."""
        ...

    def weigh(
        self, state: Any, played: Sequence[Any], budget: Any, *, seed: int, visits: int
    ) -> Judged:
        """Search ``state`` with the recorded entry ``played`` visited ``visits`` times."""
        ...


class Advisor(Searches, Protocol):
    """What a game supplies to get ``hint``, ``analyse``, ``play --engine`` and ``selfplay``:
    its search (``Searches``), the words of its values, its self-play seats and games."""

    value_meaning: str
    """What a value is, in the JSON reports."""
    value_note: str
    """What a value is, as a note under the text reports."""
    value_unit: str
    """What a verdict's points are points of (``score share``, ``value``)."""
    seat_kinds: tuple[str, ...]
    """Who may play a self-play seat: ``engine`` first, then players without search."""
    seat_counts: tuple[int, int]
    """The fewest and most seats of a game."""

    def selfplay_resources(self, path: Optional[str], folder: str) -> Any:
        """What ``selfplay`` deals from (the file ``--components`` names, or None), for logs
        written into ``folder``; raises ``ValueError`` with a reason."""
        ...

    def start(self, names: Sequence[str], seed: str, resources: Any) -> Any:
        """The game the seed deals to ``names``."""
        ...

    def play(
        self, start: Any, seats: Sequence[tuple[str, Any]], seed: int
    ) -> list[tuple[Any, ...]]:
        """Every entry of a game played from ``start`` by ``seats`` ((kind, budget or None)
        in seat order), deterministic for ``seed``; each checked by the rules."""
        ...

    def header(
        self, start: Any, names: Sequence[str], seed: str, title: str, started: str,
        resources: Any,
    ) -> str:  # fmt: skip
        """The header of the log of a game from ``start``, as ``forex new`` writes it, with
        ``moves: []`` last."""
        ...

    def outcome(self, final: Any) -> tuple[tuple[int, ...], tuple[int, ...], str]:
        """The ranks and totals by seat and how the game ended."""
        ...


@runtime_checkable
class Advises(Protocol):
    """A game the engine plays (``forex hint``, ``analyse``, ``play --engine``, ``selfplay``)."""

    def advisor(self) -> Advisor:
        """The game's ``Advisor`` (imported when asked for: the search is not needed to read a
        log)."""
        ...
