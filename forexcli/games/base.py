"""The interface a game provides to the frame: ``Game``, a Protocol over plain state, and
what the engine asks of a game (``Searchable``, ``Advisor``).

The frame (reading YAML with places, schema checking, editing a log in place,
problems and their codes, digests, the CLI and reporters) never knows a
game's rules; it knows only this interface, in the spirit of Rally the
Troops' rules modules (``setup``, ``view``, ``action`` over plain
serialisable state) and OpenSpiel's ``Game``/``State`` (legal actions,
apply, current player, returns).

A log entry is ``- KEY: TEXT`` where KEY is who decides (a player, or a
game's pseudo-decider such as World Exchangers' ``deck``) and TEXT is the
game's notation.  One entry may hold more than one decision of the rules core (For-Ex's
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
classes; every instance has ``code`` (stable, and in docs/format.md's table of
codes) and ``reason`` (a sentence that names the numbers).  The frame adds file,
line, column, move number and hint.

How a game plugs in: its folder under ``forexcli/games/`` holds its rules core
(``rules/``), notation, schemas, views, page and search hooks, and its ``Game`` object, a
subclass of ``defaults.BaseGame``; the registry (``forexcli.games``) names where that object
is.  For-Ex's is ``forexcli.games.forex.game.FOREX``: ``setup`` deals from the header,
``parse`` and ``write`` are its notation, ``legal`` and ``apply`` its rules core's, ``view`` is
``snapshot.state_dict`` (so For-Ex's digests are unchanged), ``rules_error`` is ``ForexError``.

Beyond the rules, ``Game`` declares four capability groups (reading, telling, views, playing:
see the comments in ``Game`` below).  ``BaseGame`` gives every one of them a default, the
frame's plain way (None) or a refusal (``NotOffered``: the code ``not_for_game``), so that the
frame calls a game's methods without asking which it has.  The engine's commands ask a game
for its ``Advisor`` (``advisor()``); a game that uses the game-independent search implements
``Searchable`` over its ``Rules``.  ``Writes`` (``write``, ``key``) and ``Seated``
(``names``, ``mover``) are what ``Game``, ``Searchable`` and the advisor's ``Searches``
share, each method declared once.  ``Budget`` (how long a search runs) is defined here alone.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Optional, Protocol, TypeVar, runtime_checkable

from msgspec import Struct

from .canonical import canonical_json as canonical_json
from .canonical import view_digest as view_digest
from .defaults import AgreementWords as AgreementWords
from .defaults import BaseGame as BaseGame
from .defaults import NotOffered as NotOffered

StateT = TypeVar("StateT")
DecisionT = TypeVar("DecisionT")
StateIn = TypeVar("StateIn", contravariant=True)
DecisionIn = TypeVar("DecisionIn", contravariant=True)


MAX_SIMULATIONS = 10_000_000
MAX_SECONDS = 3600.0


class Budget(Struct, frozen=True):
    """How long to search: ``simulations`` (deterministic) and/or ``seconds``."""

    simulations: Optional[int] = None
    seconds: Optional[float] = None
    since: Optional[float] = None
    """The ``time.perf_counter()`` reading the ``seconds`` count from (a command's start: what
    runs before the search and, estimated, after it are then within them); None: the search's
    start."""

    def __post_init__(self) -> None:
        if self.simulations is None and self.seconds is None:
            raise ValueError("a budget needs simulations or seconds")
        if self.simulations is not None and not 1 <= self.simulations <= MAX_SIMULATIONS:
            raise ValueError(
                f"simulations must be 1 to {MAX_SIMULATIONS:,}, not {self.simulations:,}"
            )
        if self.seconds is not None and not (0 < self.seconds <= MAX_SECONDS):
            raise ValueError(f"seconds must be above 0 and at most {MAX_SECONDS:g}")

    def describe(self) -> str:
        """``1000 simulations``, ``1 s``, or both."""
        parts = []
        if self.simulations is not None:
            parts.append(f"{self.simulations} simulations")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " or ".join(parts)

    def share(self, divisor: int) -> Budget:
        """This budget divided by ``divisor`` (at least one simulation)."""
        simulations = None if self.simulations is None else max(1, self.simulations // divisor)
        seconds = None if self.seconds is None else self.seconds / divisor
        return Budget(simulations=simulations, seconds=seconds)


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


class Message(Struct, frozen=True):
    """What ``Game.message`` tells: a subject line and a body, in format ``fmt`` (``text``,
    ``markdown``, ``bbcode``)."""

    subject: str
    body: str
    fmt: str

    def full(self) -> str:
        """``Subject: ...``, a blank line, and the body (ready to paste)."""
        return f"Subject: {self.subject}\n\n{self.body}"


class Writes(Protocol[DecisionIn]):
    """How an entry is written: what the game (``Game``), its search (``Searchable``) and the
    advisor's search (``Searches``) share."""

    def write(self, decisions: Sequence[DecisionIn]) -> str:
        """The notation of one log entry holding ``decisions`` (``parse(key, write(d)) ==
        d``)."""
        ...

    def key(self, decisions: Sequence[DecisionIn]) -> str:
        """The log key of an entry holding ``decisions`` (who decides)."""
        ...


class Rules(Writes[DecisionT], Protocol[StateT, DecisionT]):
    """The moves of a game: what is legal, what a decision does, how an entry is written."""

    def legal(self, state: StateT) -> Sequence[DecisionT]:
        """Every decision that may be made now, in a fixed order (the single source of
        truth; may be a lazy sequence)."""
        ...

    def apply(self, state: StateT, decision: DecisionT) -> StateT:
        """The state after ``decision``; raises the game's ``rules_error``."""
        ...


@runtime_checkable
class Game(Rules[StateT, DecisionT], Protocol[StateT, DecisionT]):
    """One game as the frame sees it (see the module docstring): the rules, and the four
    capability groups every game has (``BaseGame`` gives their defaults), so that the frame
    calls them without asking which a game has."""

    name: str
    title: str
    rules_error: type[Exception]
    notation_error: type[Exception]

    def schemas(self) -> Mapping[str, Mapping[str, Any]]:
        """The game's published JSON Schemas by role (``log``, ``components``, ...)."""
        ...

    def codes(self) -> Mapping[str, tuple[str, ...]]:
        """The stable codes of the game's own problems by layer (``rules``, ``header`` ...),
        beside the frame's (``record.problems.FRAME_CODES``): its rules' refusals, its set-up's,
        its import's."""
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

    def pending(self, state: StateT) -> Pending:
        """Who decides next and what, or ``OVER``."""
        ...

    def result(self, state: StateT) -> Optional[dict[str, Any]]:
        """The final scores and ranks as JSON-ready data, or None while the game goes on."""
        ...

    def view(self, state: StateT) -> dict[str, Any]:
        """The state as JSON-ready data in a stable shape."""
        ...

    def digest(self, state: StateT) -> str:
        """The state's digest: 16 hex digits of the SHA-256 of the canonical JSON of
        ``view(state)`` (``view_digest``; a game may write the same faster)."""
        ...

    # -- reading: how the frame reads and replays the game's logs (``BaseGame``: by the
    # -- game's schema, entry by entry, with the frame's hints)

    fast_validator: Any
    """A ``record.fastpath.Validator`` of the game's log schema for ``check_log``, or None."""

    checks_keys: bool
    """True: the game's ``parse`` or rules refuse an unknown entry key in their own words
    (else the frame's ``unknown_name``)."""

    def check_log(self, document: Any, filename: str, *, schema_checked: bool = False) -> Any:
        """The entries (``record.entry.Entry``) of a log read as YAML (``record.yamlread
        .Document``), checked in the game's words (raises ``record.problems.LogError``); with
        ``schema_checked`` the schema has accepted the data already.  None: the frame checks
        the log by the game's ``log`` schema."""
        ...

    def load_resource(self, resource: Resource, folder: str) -> Any:
        """The decoded content of ``resource`` (its path relative to ``folder``); raises an
        exception with a stable ``code`` and a ``reason``, placed at the header key that
        names the file."""
        ...

    def apply_with_events(self, state: StateT, decision: DecisionT) -> tuple[StateT, Any]:
        """The state after ``decision`` and the events it caused; raises ``rules_error``."""
        ...

    def apply_all(self, state: StateT, decisions: Sequence[DecisionT]) -> Optional[StateT]:
        """The state after every decision, checked like ``apply``, without the states between;
        None: the game has no faster way than ``apply`` one by one."""
        ...

    def setup_hints(self, error: Exception) -> Optional[tuple[str, ...]]:
        """The hints of a set-up that ``setup`` refused with ``error`` (None: the frame's)."""
        ...

    def refusal_hints(
        self, before: Any, entry: Any, error: Exception, players: Sequence[str]
    ) -> Optional[tuple[str, ...]]:
        """The hints of ``entry`` (``record.entry.Entry``) that ``apply`` refused in state
        ``before`` (what is legal, "did you mean"); None: the frame's."""
        ...

    # -- telling: sentences and set-ups (``BaseGame``: none, the frame's plain words)

    def describe(self, before: StateT, decision: DecisionT, after: StateT) -> tuple[str, ...]:
        """Sentences saying what ``decision`` did (none: the game tells nothing)."""
        ...

    def describe_entry(
        self, before: StateT, decisions: Sequence[DecisionT]
    ) -> Optional[tuple[str, ...]]:
        """Sentences saying what one entry's ``decisions`` did together from ``before``, when
        the game tells them otherwise than each decision's ``describe`` in turn (None: so)."""
        ...

    def status(self, state: StateT) -> Optional[str]:
        """``validate``'s line of a valid log: who decides next, or the result (None: the
        frame's ``record.status.pending_line``)."""
        ...

    def pending_text(self, state: StateT) -> Optional[str]:
        """Whose decision is awaited, and of which kind, in a few words (None: the frame's)."""
        ...

    def rules_summary(self) -> str:
        """The rules in short for a newcomer (``forex rules``): the goal, what each kind of
        decision does, how the game ends and is scored.  Its first line is its heading, each
        further line a paragraph or, starting ``- ``, an item of a list (the frame wraps them
        to the width); ``NotOffered`` without one."""
        ...

    def summarize(
        self, replay: Any, since: int, until: Optional[int] = None
    ) -> Optional[list[str]]:
        """Lines for a terminal: a heading per move after ``since`` (to ``until``), its
        sentences indented (``replay`` is a ``record.gamelog.Replay``); None: the frame's."""
        ...

    def setup_fields(self, header: Mapping[str, Any]) -> Optional[dict[str, Any]]:
        """The set-up as comparable data (defaults filled in: absent and default are alike);
        None: two logs' headers are compared but for their free text."""
        ...

    def setup_value(self, name: str, value: Any) -> str:
        """One set-up field of ``setup_fields`` as a person reads it."""
        ...

    def setup_name(self, name: str) -> str:
        """One set-up field's name as a sentence says it (``forex diff``: "their set-up
        differs in ...")."""
        ...

    def committed_fields(self, header: Mapping[str, Any]) -> tuple[str, ...]:
        """Header fields that may be added during a game because another header field
        already commits to their value, which the replay checks (World Exchangers' ``seed:``,
        revealed at the end, under ``seed_sha256:``): left out of the game's identity that
        every signature covers, and a copy without one is the same game as a copy with it."""
        ...

    def cosigner(self, written: Any, player: str) -> Optional[str]:
        """The player besides ``player`` whose agreement an entry (``written``: its decisions
        as ``parse`` gave them) needs (For-Ex: a spot deal's partner), or None."""
        ...

    has_agreements: bool
    """True: some entries need a second player's agreement (``cosigner``), which a person
    accepts or declines when an engine seat offers it (For-Ex's spot deals)."""

    def agreement_words(self) -> AgreementWords:
        """An entry that needs a cosigner, who that cosigner is, what the engine as that
        cosigner accepts or declines, and the cosigner after their name, in the game's words
        (For-Ex: ``spot deal``, ``a spot transaction's partner``, ``the spot``, ``the spot
        partner``)."""
        ...

    # -- views: what the commands print.  ``replay`` is a ``record.gamelog.Replay``, ``at`` a
    # -- move number already checked against it; ``style`` a ``reporters.Style``.  A view
    # -- that cannot give what was asked raises ``forexcli.games.ViewRefused``.  Without the
    # -- game's own: ``NotOffered`` (refused), or None where the frame has a plain one.

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
        """``forex show``: the game after move ``at``; first what happened after move
        ``since`` when given (``since_player``: whose last move that is)."""
        ...

    def show_data(self, replay: Any, at: int, since: Optional[int]) -> Optional[dict[str, Any]]:
        """``show --format json`` (None: ``view`` of the state)."""
        ...

    def board_picture(self, state: Any, seat: Optional[str], title: str) -> tuple[str, str]:
        """``show --svg``/``--png``: the SVG of the board(s) of ``seat`` (None: the game's
        choice) headed ``title``, and what it shows (``board``, ``boards``)."""
        ...

    def chart(self, replay: Any, title: Optional[str]) -> str:
        """``forex chart``: the SVG chart of a replay that reached its end."""
        ...

    def replay_page(
        self,
        replay: Any,
        at: Optional[int],
        title: Optional[str],
        evaluation: Optional[Any] = None,
    ) -> str:
        """``forex html``: the self-contained page, opening after move ``at`` (None: last),
        with the evaluation graph of ``evaluation`` (``pages.Evaluation``; ``--eval``)."""
        ...

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
    ) -> Optional[str]:
        """``forex moves``: the decisions possible after move ``at`` (``path``: the log as the
        user named it); None: ``legal`` in the game's notation."""
        ...

    def moves_data(self, replay: Any, at: int, kinds: Sequence[str]) -> Optional[dict[str, Any]]:
        """``moves --format json`` (None: the frame's)."""
        ...

    def move_kinds(self) -> tuple[str, ...]:
        """The kinds ``moves --kind`` takes (none: the option is refused).  A registry line
        naming them (``games.register(move_kinds=)``) lets ``moves --help`` and completion
        read them without the game."""
        ...

    def help_texts(self) -> Mapping[str, str]:
        """The game's parts of the commands' help by topic (``chart``, ``show --seat`` ...):
        what it says of itself where a help text writes ``{games:TOPIC}``
        (``cli.with_game_texts``); none: the help says nothing of the game.  A registry line
        naming them (``games.register(help_texts=)``) lets the help read them without the game."""
        ...

    def new_options(self) -> Sequence[Any]:
        """The options ``forex new`` takes for the game (``games.newoptions.NewOption``, in
        the order of the help); the frame refuses another game's (``usage_error``).  A registry
        line naming them (``games.register(new_options=)``) lets the help read them without
        the game."""
        ...

    def new_log(self, players: Sequence[str], options: Mapping[str, Any], path: str) -> str:
        """``forex new --game``: the text of a log of ``players`` with no moves, to be written
        at ``path``; ``options`` holds the game's ``new_options`` by name (None, ``()`` or
        False when not given)."""
        ...

    def new_log_report(self, path: str, replay: Any, options: Mapping[str, Any]) -> str:
        """What ``forex new`` says of the log just made (``replay``: it read back)."""
        ...

    def play_text(
        self, replay: Any, file: str, *, written: bool, markdown: bool, style: Any, width: int
    ) -> Optional[str]:
        """``forex play``'s report: what the last entry did and who decides next (None: the
        frame's plain one, ``reporters.record.play_text``)."""
        ...

    def play_data(self, replay: Any, file: str, *, written: bool) -> Optional[dict[str, Any]]:
        """The same as JSON-ready data (``format``: ``forex-play``; None: the frame's)."""
        ...

    def history_text(
        self, replay: Any, *, events: bool, markdown: bool, style: Any, width: int
    ) -> Optional[str]:
        """``forex history``: every entry with its note (and with ``events`` what it did)
        (None: the frame's plain table, ``reporters.record.history_text``)."""
        ...

    def history_data(self, replay: Any) -> Optional[dict[str, Any]]:
        """The same as JSON-ready data (``format``: ``forex-history``; None: the frame's)."""
        ...

    def message(
        self, replay: Any, since: Optional[int], fmt: str, *, at: Optional[int] = None
    ) -> Any:
        """``forex message``, ``play --message``, mails: the ``Message`` about ``replay``
        after move ``since`` (None: what the next decider has not seen) up to move ``at``
        (None: the last legal one), in ``fmt`` (``text``, ``markdown``, ``bbcode``);
        ``ValueError`` for a move or format it cannot tell."""
        ...

    def picture(self, state: Any, title: str) -> str:
        """The board of ``state`` as a standalone SVG document headed ``title`` (mails)."""
        ...

    def compact_text(
        self, state: Any, width: int, next_words: Optional[str] = None
    ) -> Optional[str]:
        """The board, the money and who decides next within 80x24 with room above (``play``'s
        report after the engine's replies); None: the frame's line of who decides next.
        ``next_words``, given only while an offer waits (``seats.offer_awaited``: ``you to
        answer computer's offer (accept or decline)``), says who decides next instead of
        ``state``'s decider."""
        ...

    def on_compact_board(self, line: str) -> bool:
        """Whether a line of ``summarize`` (or of ``describe``, for a game without it) tells
        what ``compact_text`` shows anyway (For-Ex: a rate that moved; World Exchangers: the
        game's end and final scores), so that ``play``'s compact report, which prints both,
        leaves it out."""
        ...

    def offer_partner(self, decisions: Sequence[Any]) -> Optional[str]:
        """The player an entry's opening offer goes to (For-Ex's spot transaction, which that
        player may refuse); None: it opens with none."""
        ...

    def offer_refusal(self, state: Any, decisions: Sequence[Any]) -> Optional[str]:
        """Why the engine, as the partner, refuses the entry's opening offer in ``state``
        (naming what it would lose); None when it accepts or there is no offer."""
        ...

    def offer_terms(self, decisions: Sequence[Any]) -> Optional[str]:
        """What the entry's opening offer gives its partner and takes from them, in words
        that follow the partner's name (``gets 1.5 EUR for 1 GBP``); None: no offer, or the
        game says nothing (``forex hint`` then shows the entry as written)."""
        ...

    def import_table(
        self, read: Callable[[], bytes], filename: str, options: Mapping[str, Any]
    ) -> tuple[str, str]:
        """``forex import``: a Board Game Arena table log (its bytes as ``read()`` gives them,
        called once the options are checked; ``filename`` names it) as the text of a checked
        log of the game, and a line saying what it holds.  ``options``: ``removed``, ``title``,
        ``renames`` (old name -> new), ``schema_ref``, None when not given.  Raises
        ``record.problems.LogError`` (``usage``: an option fixes it) or ``ViewRefused``; a
        table of another game is the game's own problem."""
        ...

    # -- playing: the engine (``hint``, ``analyse``, ``play --engine``, ``selfplay``)

    def advisor(self) -> Advisor:
        """The game's ``Advisor`` (imported when asked for: the search is not needed to read a
        log)."""
        ...


def state_digest(game: Game[StateT, Any], state: StateT) -> str:
    """16 hex digits of the SHA-256 of the canonical JSON of ``game.view(state)``
    (``Game.digest``: ``view_digest`` of the view, unless the game writes the same faster).

    For For-Ex this is ``snapshot.state_digest`` (a test keeps them equal).
    """
    return game.digest(state)


class Seated(Protocol[StateIn]):
    """Who sits where: what the search (``Searchable``) and the advisor's (``Searches``)
    share."""

    def names(self, state: StateIn) -> tuple[str, ...]:
        """The players' names by seat (their log keys)."""
        ...

    def mover(self, state: StateIn) -> Optional[int]:
        """The seat that decides now; None by chance or when the game is over."""
        ...


@runtime_checkable
class Searchable(Rules[StateT, DecisionT], Seated[StateT], Protocol[StateT, DecisionT]):
    """What the game-independent search (``forexcli.search``) needs of a game: its
    ``Rules`` (``legal``, ``apply``, ``write``, ``key``: the game's own), who sits where
    (``Seated``), and the search's hooks below.

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

    def is_over(self, state: StateT) -> bool:
        """True when nobody decides any more."""
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
    figures: tuple[float, ...] = ()
    """The mean figures by seat (a game's, beside its evaluation: World Exchangers' final
    totals) of the simulations through the entry's first decision, when the search was
    asked for them (``search.advice.Engine.measure``; empty: it was not)."""


class Searched(NamedTuple):
    """What a search found: ``advice`` most visited first (made as it is read, so that a
    hint wanting one entry pays for one), and what it cost."""

    advice: Iterable[Advice]
    simulations: int
    seconds: float


class Judged(Struct, frozen=True):
    """A recorded entry weighed by a search: the values after it, the engine's choice, and
    whether that choice is the recorded entry (``same``); the recorded entry's visits and
    the next-best other entry, when the search tells them (0 and None: it does not)."""

    played: tuple[float, ...]
    best: Advice
    same: bool = False
    played_visits: int = 0
    runner_up: Optional[Advice] = None
    played_figures: tuple[float, ...] = ()
    """The recorded entry's mean figures (empty: not measured)."""


class Weighed(Struct, frozen=True):
    """A recorded entry weighed by a search of each player's chance of finishing first: the
    chances after it (by seat), its visits and the line expected after it; the engine's
    choice, the next-best other entry (None when there is none) and whether the engine's
    choice is the recorded entry (``same``)."""

    played: tuple[float, ...]
    played_visits: int
    played_line: tuple[tuple[Any, ...], ...]
    best: Advice
    runner_up: Optional[Advice] = None
    same: bool = False
    played_figures: tuple[float, ...] = ()
    """The recorded entry's mean figures (empty: not measured)."""


def judged_as_chances(judged: Judged, played: Sequence[Any], visits: int) -> Weighed:
    """``judged``'s values taken as chances of finishing first, with the recorded entry's
    visits (at least the ``visits`` forced on it) and the next-best entry when it tells them."""
    same = judged.same or tuple(judged.best.entry) == tuple(played)
    seen = max(visits, judged.played_visits)
    return Weighed(
        judged.played, seen, (), judged.best, judged.runner_up, same, judged.played_figures
    )


class AdvisorDefaults:
    """The defaults of an ``Advisor``'s sharpening hooks, for ``forex analyse``: its values are
    taken as chances of finishing first, and nothing is said of what decides a line."""

    def weigh_chances(
        self, state: Any, played: Sequence[Any], budget: Any, *, seed: int, visits: int
    ) -> Any:  # base.Weighed
        """``weigh``'s values, taken as chances of finishing first (World Exchangers'), with
        the recorded entry's visits and the next-best entry when ``weigh`` tells them."""
        judged: Judged = self.weigh(  # type: ignore[attr-defined]
            state, played, budget, seed=seed, visits=visits
        )
        return judged_as_chances(judged, played, visits)

    def decisive(self, state: Any, entries: Sequence[Sequence[Any]]) -> tuple[str, ...]:
        """Nothing said."""
        return ()

    def figures_words(self, state: Any, figures: Sequence[float]) -> tuple[str, ...]:
        """Nothing said."""
        return ()

    def entry_without(
        self,
        state: Any,
        budget: Any,
        seed: int = 0,
        excluded: Collection[Any] = (),
        progress: Any = None,
    ) -> Optional[tuple[Any, ...]]:
        """None: the engine's entry is the search's first (``search.advisor.engine_entry``),
        and it cannot leave decisions out."""
        return None


class Searches(Writes[Any], Seated[Any], Protocol):
    """A game's search as the advisor (``forexcli.search.advisor``) asks it: the best lines
    with their values for a state and a budget (a ``Budget``); it
    names the seats and writes entries as the game does (``Seated``, ``Writes``)."""

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

    def weigh_chances(
        self, state: Any, played: Sequence[Any], budget: Any, *, seed: int, visits: int
    ) -> Weighed:
        """``Searches.weigh`` with every value a chance of finishing first (0 to 1), for
        ``forex analyse`` (``defaults.AdvisorDefaults``: ``weigh``'s values taken as such)."""
        ...

    def decisive(self, state: Any, entries: Sequence[Sequence[Any]]) -> tuple[str, ...]:
        """What decides the line of ``entries`` (each legal in turn) from ``state``, in words,
        in order (empty when nothing does; ``defaults.AdvisorDefaults``: empty)."""
        ...

    def figures_words(self, state: Any, figures: Sequence[float]) -> tuple[str, ...]:
        """The mean figures by seat a line's simulations gave (``Advice.figures``) in
        words, for the mover of ``state`` (``defaults.AdvisorDefaults``: nothing said)."""
        ...

    def entry_without(
        self,
        state: Any,
        budget: Any,
        seed: int = 0,
        excluded: Collection[Any] = (),
        progress: Any = None,
    ) -> Optional[tuple[Any, ...]]:
        """The engine's entry in ``state`` (a ``Budget``; ``progress`` as ``advise`` takes it),
        opening with none of the ``excluded`` decisions (offers its partner refused this turn),
        checked by the rules; None: the search's first entry stands (``AdvisorDefaults``),
        and nothing can be left out."""
        ...

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
