"""``BaseGame``: the frame's defaults for every method of ``games.base.Game`` that a game
need not write, and ``NotOffered``, what a default raises for what a game does not offer.

Kept apart from the interface's Protocols (``games/base.py``), whose creation costs every
``forex show`` several milliseconds: a game object is made of this module alone, which
imports nothing of the package (``Any`` stands for ``base.Pending``, ``base.Resource`` and
``base.Advisor``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, Optional, TypeVar

StateT = TypeVar("StateT")
DecisionT = TypeVar("DecisionT")


class NotOffered(Exception):
    """What a game does not offer (a message, a board, the engine ...): ``BaseGame``'s
    default of a method the game does not implement.  The command refuses with the one code
    ``not_for_game`` (exit status 2), placed at the log's ``game:``; ``what`` names it."""

    code = "not_for_game"

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


class AgreementWords(NamedTuple):
    """A game's words for an entry that needs a second player's agreement
    (``Game.agreement_words``)."""

    deal: str
    """The entry (``spot deal``): ``alice's DEAL with carol awaits carol's signature``."""
    cosigner: str
    """Who agrees (``a spot transaction's partner``): ``only COSIGNER sign a move``."""
    offer: str = "the offer"
    """What the engine, as that player, accepts or declines (``the spot``)."""
    party: str = "the cosigner"
    """That player after their name (``the spot partner``): ``alice or carol, PARTY``."""
    declined: str = "offer_declined"
    """The code of an offer the engine refuses as that player (``spot_declined``): the game's
    own, in its ``codes`` (``rules``), when it names one."""
    unagreed: str = "unagreed_deal"
    """The code of a deal that player has not countersigned (``unagreed_spot``): the game's own,
    in its ``codes`` (``signature``), when it names one."""


class BaseGame(Generic[StateT, DecisionT]):
    """A game with the frame's defaults: subclass it, set ``name``, ``title``, the two error
    classes, implement the rules (``schemas`` ... ``view``), and override what the game
    offers of the groups of ``Game`` (reading, telling, views, playing).  What it does not
    override the frame does plainly (None) or refuses (``NotOffered``: ``not_for_game``)."""

    name: str
    title: str
    rules_error: type[Exception]
    notation_error: type[Exception]
    fast_validator: Any = None
    checks_keys: bool = False
    has_agreements: bool = False

    # -- the rules: every game's own

    def schemas(self) -> Mapping[str, Mapping[str, Any]]:
        """See ``Game.schemas``."""
        raise NotImplementedError

    def codes(self) -> Mapping[str, tuple[str, ...]]:
        """None but the frame's."""
        return {}

    def resources(self, header: Mapping[str, Any]) -> Sequence[Any]:
        """No files."""
        return ()

    def setup(self, header: Mapping[str, Any], resources: Mapping[str, Any]) -> StateT:
        """See ``Game.setup``."""
        raise NotImplementedError

    def log_keys(self, header: Mapping[str, Any]) -> tuple[str, ...]:
        """The players."""
        return tuple(str(player) for player in header["players"])

    def parse(self, key: str, text: str) -> tuple[DecisionT, ...]:
        """See ``Game.parse``."""
        raise NotImplementedError

    def write(self, decisions: Sequence[DecisionT]) -> str:
        """See ``Writes.write``."""
        raise NotImplementedError

    def key(self, decisions: Sequence[DecisionT]) -> str:
        """See ``Writes.key``."""
        raise NotImplementedError

    def legal(self, state: StateT) -> Sequence[DecisionT]:
        """See ``Rules.legal``."""
        raise NotImplementedError

    def apply(self, state: StateT, decision: DecisionT) -> StateT:
        """See ``Rules.apply``."""
        raise NotImplementedError

    def pending(self, state: StateT) -> Any:  # base.Pending
        """See ``Game.pending``."""
        raise NotImplementedError

    def result(self, state: StateT) -> Optional[dict[str, Any]]:
        """See ``Game.result``."""
        raise NotImplementedError

    def view(self, state: StateT) -> dict[str, Any]:
        """See ``Game.view``."""
        raise NotImplementedError

    def digest(self, state: StateT) -> str:
        """``canonical.view_digest`` of ``view(state)``."""
        from .canonical import view_digest

        return view_digest(self.view(state))

    # -- reading

    def check_log(self, document: Any, filename: str, *, schema_checked: bool = False) -> Any:
        """None: the frame checks the log by the ``log`` schema."""
        return None

    def load_resource(self, resource: Any, folder: str) -> Any:
        """What the header embeds (a game naming files decodes them itself)."""
        return resource.embedded

    def apply_with_events(self, state: StateT, decision: DecisionT) -> tuple[StateT, Any]:
        """``apply``, causing no events."""
        return self.apply(state, decision), ()

    def apply_all(self, state: StateT, decisions: Sequence[DecisionT]) -> Optional[StateT]:
        """None: no faster way than ``apply`` one by one."""
        return None

    def setup_hints(self, error: Exception) -> Optional[tuple[str, ...]]:
        """None: the frame's hints."""
        return None

    def refusal_hints(
        self, before: Any, entry: Any, error: Exception, players: Sequence[str]
    ) -> Optional[tuple[str, ...]]:
        """None: the frame's hints."""
        return None

    # -- telling

    def describe(self, before: StateT, decision: DecisionT, after: StateT) -> tuple[str, ...]:
        """No sentences."""
        return ()

    def describe_entry(
        self, before: StateT, decisions: Sequence[DecisionT]
    ) -> Optional[tuple[str, ...]]:
        """None: each decision's ``describe`` in turn."""
        return None

    def status(self, state: StateT) -> Optional[str]:
        """None: the frame's line."""
        return None

    def pending_text(self, state: StateT) -> Optional[str]:
        """None: the frame's words."""
        return None

    def rules_summary(self) -> str:
        """Refused: the game tells no summary of its rules."""
        raise NotOffered("a summary of its rules")

    def summarize(
        self, replay: Any, since: int, until: Optional[int] = None
    ) -> Optional[list[str]]:
        """None: the frame's catch-up (the entries and ``describe``'s sentences)."""
        return None

    def setup_fields(self, header: Mapping[str, Any]) -> Optional[dict[str, Any]]:
        """None: headers are compared but for their free text."""
        return None

    def setup_value(self, name: str, value: Any) -> str:
        """The value as it is."""
        return str(value)

    def setup_name(self, name: str) -> str:
        """The field's name, its underscores spaces (``house_rules``: ``house rules``)."""
        return name.replace("_", " ")

    def committed_fields(self, header: Mapping[str, Any]) -> tuple[str, ...]:
        """None: every field of the header is there from the start."""
        return ()

    def cosigner(self, written: Any, player: str) -> Optional[str]:
        """Nobody: only the decider signs."""
        return None

    def agreement_words(self) -> AgreementWords:
        """A move, its cosigner."""
        return AgreementWords("move", "its cosigner")

    # -- views

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
        """Not offered."""
        raise NotOffered("a view of the game (forex show)")

    def show_data(self, replay: Any, at: int, since: Optional[int]) -> Optional[dict[str, Any]]:
        """None: ``view`` of the state."""
        return None

    def board_picture(self, state: Any, seat: Optional[str], title: str) -> tuple[str, str]:
        """Not offered."""
        raise NotOffered("a picture of the board")

    def chart(self, replay: Any, title: Optional[str]) -> str:
        """Not offered."""
        raise NotOffered("a chart")

    def replay_page(
        self,
        replay: Any,
        at: Optional[int],
        title: Optional[str],
        evaluation: Optional[Any] = None,
    ) -> str:
        """Not offered."""
        raise NotOffered("a replay page")

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
        """None: ``legal`` in the game's notation."""
        return None

    def moves_data(self, replay: Any, at: int, kinds: Sequence[str]) -> Optional[dict[str, Any]]:
        """None: the frame's."""
        return None

    def move_kinds(self) -> tuple[str, ...]:
        """None."""
        return ()

    def help_texts(self) -> Mapping[str, str]:
        """Nothing to add to the commands' help."""
        return {}

    def new_options(self) -> Sequence[Any]:
        """None."""
        return ()

    def new_log(self, players: Sequence[str], options: Mapping[str, Any], path: str) -> str:
        """Not offered."""
        raise NotOffered("a new log's header (forex new)")

    def new_log_report(self, path: str, replay: Any, options: Mapping[str, Any]) -> str:
        """Not offered."""
        raise NotOffered("a new log's header (forex new)")

    def play_text(
        self, replay: Any, file: str, *, written: bool, markdown: bool, style: Any, width: int
    ) -> Optional[str]:
        """None: the frame's plain report."""
        return None

    def play_data(self, replay: Any, file: str, *, written: bool) -> Optional[dict[str, Any]]:
        """None: the frame's plain report."""
        return None

    def history_text(
        self, replay: Any, *, events: bool, markdown: bool, style: Any, width: int
    ) -> Optional[str]:
        """None: the frame's plain table."""
        return None

    def history_data(self, replay: Any) -> Optional[dict[str, Any]]:
        """None: the frame's plain table."""
        return None

    def message(
        self, replay: Any, since: Optional[int], fmt: str, *, at: Optional[int] = None
    ) -> Any:
        """Not offered."""
        raise NotOffered("a message")

    def picture(self, state: Any, title: str) -> str:
        """Not offered."""
        raise NotOffered("a picture of the board")

    def on_compact_board(self, line: str) -> bool:
        """False: every line of the catch-up is told."""
        return False

    def compact_text(
        self, state: Any, width: int, next_words: Optional[str] = None
    ) -> Optional[str]:
        """None: the frame's line of who decides next."""
        return None

    def offer_partner(self, decisions: Sequence[Any]) -> Optional[str]:
        """None: no entry opens with an offer."""
        return None

    def offer_refusal(self, state: Any, decisions: Sequence[Any]) -> Optional[str]:
        """None: there is no offer to refuse."""
        return None

    def offer_terms(self, decisions: Sequence[Any]) -> Optional[str]:
        """None: no entry opens with an offer."""
        return None

    def import_table(
        self, read: Callable[[], bytes], filename: str, options: Mapping[str, Any]
    ) -> tuple[str, str]:
        """Not offered."""
        raise NotOffered("an import of a Board Game Arena table log (forex import)")

    # -- playing

    def advisor(self) -> Any:  # base.Advisor
        """Not offered."""
        raise NotOffered("the engine (hint, analyse, play --engine, selfplay)")
