"""A game against the engine: its seats' replies, its answers to offers, and the open offers.

The library behind ``forex play``'s engine replies (and for an interactive
loop or a mail filter to call): the header's ``engines:`` names the seats the
engine plays (``record.seats``).

- ``reply_engines(path)`` plays every engine seat that decides next, one
  decision after another, each checked by the rules and written at once
  (atomically), until a person decides, the game ends, or an engine's offer
  waits for a person; it returns the decisions made.
- ``declined_problem`` is the engine's consent (the game's ``Game.offer_refusal``) to a
  person's offer to an engine seat:
  a declined offer is refused before anything is written (the game's code for it,
  ``AgreementWords.declined``).
- An engine's entry that opens with an offer to a person is not written as a
  move: it is the header's ``offer:``, which the person answers with
  ``answer_offer(path, person, accept=...)`` (``forex play FILE NAME accept``
  or ``decline``); after a refusal the engine chooses again without it.

Nothing here knows a game's rules: the game's ``offer_partner`` and ``offer_refusal`` say who an
entry's offer goes to and why the engine refuses one, its ``Advisor`` chooses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from msgspec import Struct

from .games.base import Budget, state_digest
from .record import edit, files, gamelog
from .record.entrytext import appended_text
from .record.problems import LogError, Problem, command_path, command_word, player_command
from .record.seats import (
    OFFER_FIELD,
    Offer,
    answer_hint,
    engine_seats,
    entry_partner,
    offer_partner,
    offer_problems,
    open_offer,
    with_header_key,
)
from .words import possessive, says, verb_for

MAX_REPLIES = 200
"""``reply_engines`` stops after this many decisions (a game between engine seats only)."""

ANSWERS = ("accept", "decline")
"""What a person answers to an open offer (``forex play FILE NAME accept``)."""


class Reply(Struct, frozen=True):
    """One decision an engine seat made: a move written (``number``) or an offer to a
    person (``offered``: the header's open offer, no move number)."""

    player: str
    text: str
    budget: str
    number: int | None = None
    offered: str | None = None
    refused: tuple[str, ...] = ()
    """The offers to engine seats the engine chose first and their partner refused."""
    signed: bool = False
    """The move is signed with the seat's key (``--key-for-seat``)."""

    def line(self) -> str:
        """``move 12: computer: invest GBP USD (the engine, 1 s)``, or the offer; ``signed``
        after the budget for a signed move."""
        engine = f"the engine, {self.budget}" if self.budget else "the engine"
        if self.signed:
            engine += ", signed"
        if self.offered is not None:
            return (
                f"{says(self.player, 'offers')} {self.offered}: {self.text} ({engine});"
                f" {answer_hint('FILE', self.offered)}"
            )
        return f"move {self.number}: {self.player}: {self.text} ({engine})"

    def data(self, played: Any = None) -> dict[str, Any]:
        """The decision as JSON data: ``number`` (None for an offer), ``player``,
        ``decision``, ``engine`` (its budget in words), ``offered_to`` (the person an offer
        waits for, else None), ``refused`` (its first choices an engine seat declined),
        ``signed`` (signed with the seat's key) and ``sentences``: what the move did in
        ``played`` (the log's replay after it; ``move_sentences``), none for an offer."""
        number = self.number
        written = number is not None and played is not None and number <= played.moves
        sentences = move_sentences(played, number) if written and number is not None else []
        return {
            "number": self.number,
            "player": self.player,
            "decision": self.text,
            "engine": self.budget,
            "offered_to": self.offered,
            "refused": list(self.refused),
            "signed": self.signed,
            "sentences": sentences,
        }


class Countersignature(Struct, frozen=True):
    """A deal offered to an engine seat that the seat countersigned with its key: the move's
    number and the seat."""

    number: int
    player: str

    def line(self) -> str:
        """``computer (the engine) countersigned move 3: the deal is agreed``."""
        return f"{self.player} (the engine) countersigned move {self.number}: the deal is agreed"


class Replies(Struct, frozen=True):
    """What ``reply_engines`` did: the decisions, and why it stopped (words); with the
    seats' keys (``hosting.signed_replies``), the deals they countersigned first."""

    replies: tuple[Reply, ...]
    stopped: str
    countersigned: tuple[Countersignature, ...] = ()

    def data(
        self, played: Any, file: str | None = None, seats: Sequence[str] = ()
    ) -> dict[str, Any]:
        """The replies as JSON data, with the log they left (``played``): ``moves`` (each
        ``Reply.data``), ``stopped`` (why they stopped, in words), ``next`` (who decides
        now), ``countersigned`` (the deals the engine seats countersigned before they
        played: ``number`` and ``player``), ``awaiting`` (``awaiting_data``: in a signed
        game, the engine seats' deals that await a person's countersignature, their answer
        with ``seats``' keys) and, while one
        is open, the engine's ``offer`` (``seats.offer_data``)."""
        from .record.seats import seats_data
        from .record.status import pending_line

        data: dict[str, Any] = {
            "moves": [reply.data(played) for reply in self.replies],
            "countersigned": [
                {"number": signed.number, "player": signed.player} for signed in self.countersigned
            ],
            "awaiting": awaiting_data(played, file, seats),
            "stopped": self.stopped,
            "next": pending_line(played.log.game, played.final),
        }
        offer = seats_data(played.log, file).get(OFFER_FIELD)
        if offer is not None:
            data[OFFER_FIELD] = offer
        return data


def move_sentences(played: Any, number: int) -> list[str]:
    """What legal move ``number`` of ``played`` (a ``record.gamelog.Replay``) did, as
    ``forex play`` tells it under the move's line, without the indent: the game's catch-up
    (``Game.summarize``), else the frame's sentences (``Game.describe``), but the lines its
    compact board shows anyway (``Game.on_compact_board``); every line
    of it (a month's end, a trend card, the final scores are told last, and a cut would
    drop them)."""
    game = played.log.game
    told = game.summarize(played, number - 1, number)
    if told is None:
        before = played.state_after(number - 1)
        told = gamelog.told_entry(game, before, played.log.entries[number - 1].decisions)
        return [line for line in told if not game.on_compact_board(line)]
    return [line.removeprefix("  ") for line in told[1:] if not game.on_compact_board(line)]


Progress = Callable[[int], None]


def _advisor(game: Any) -> Any:
    """The game's engine, None for a game that offers none."""
    from .games.defaults import NotOffered

    try:
        return game.advisor()
    except NotOffered:
        return None


def engine_entry(
    game: Any,
    state: Any,
    budget: Budget,
    *,
    seed: int = 0,
    engines: Sequence[str] = (),
    declined: Sequence[Any] = (),
    progress: Progress | None = None,
) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """The engine's entry for the seat deciding in ``state`` and the entries it chose first
    whose offers an engine seat of ``engines`` refused (as text).

    An entry opening with an offer to an engine seat is put to that seat's consent
    (``Game.offer_refusal``); a refused one, and every opening decision of
    ``declined``, is left out and the engine chooses again (as in self-play).  The entry
    is checked by the rules.
    """
    from .search.advisor import checked
    from .search.advisor import engine_entry as plain_entry

    advisor = _advisor(game)
    if advisor is None:
        raise ValueError(f"the engine does not play {game.title}")
    excluded = list(declined)
    refused: list[str] = []
    mover = advisor.names(state)[advisor.mover(state)]
    while True:
        entry = advisor.entry_without(state, budget, seed, excluded, progress)
        if entry is None and excluded:
            raise ValueError("this game's engine cannot leave offers out")
        if entry is None:
            entry = plain_entry(advisor, state, budget, seed, progress)
        checked(game, state, entry)
        partner = entry_partner(game, entry)
        if partner is None or partner == mover or partner not in engines:
            return tuple(entry), tuple(refused)
        if game.offer_refusal(state, entry) is None:
            return tuple(entry), tuple(refused)
        if entry[0] in excluded:  # pragma: no cover - the search left out what it was told
            raise AssertionError(f"the search offered {entry[0]} again")
        excluded.append(entry[0])
        refused.append(game.write(entry))


def declined_problem(played: Any, file: str | None = None) -> Problem | None:
    """``AgreementWords.declined`` when the last move of ``played`` opens with an offer to an engine
    seat that the engine refuses (its reason names what it would lose); None otherwise."""
    log = played.log
    if not log.entries or played.problem is not None:
        return None
    engines = engine_seats(log.header)
    entry = log.entries[-1]
    partner = entry_partner(log.game, entry.decisions)
    if partner is None or partner not in engines or partner == entry.player:
        return None
    before = played.state_after(entry.number - 1)
    reason = log.game.offer_refusal(before, entry.decisions)
    if reason is None:
        return None
    name = file or log.filename
    words = log.game.agreement_words()
    return Problem(
        words.declined,
        f"move {entry.number}: {entry.player}: {entry.text}: {partner} (the engine) declines"
        f" {words.offer}: {reason}; nothing was written",
        "rules",
        name,
        entry=entry.number,
        hints=(
            f"choose again: forex moves {command_path(name)} lists the offers {partner} accepts,"
            f" forex hint {command_path(name)} the engine's advice",
        ),
    )


def open_offer_problem(log: Any, file: str, doing: str) -> Problem | None:
    """``open_offer`` when the log holds an offer its partner has not answered (``doing``
    says what is refused); None without one."""
    offer = open_offer(log.header)
    if offer is None:
        return None
    partner = offer_partner(log.game, offer) or "its partner"
    where = log.place((OFFER_FIELD, "decision"))
    line, column = where if where else (None, None)
    return Problem(
        "open_offer",
        f"{says(offer.player, 'has')} offered {partner} {offer.decision!r}, which"
        f" {says(partner, 'has')} not"
        f" answered: {doing}",
        "rules",
        file,
        line,
        column,
        len(log.entries) + 1,
        (answer_hint(file, partner), f"or take the offer back: forex undo {command_path(file)}"),
    )


def _budget_words(budget: Budget) -> str:
    return budget.describe()


def _write(path: str, data: bytes, log: Any, new_text: str) -> gamelog.Replay:
    """Check ``new_text`` (read, replayed, its offer valid) and write it over ``path``."""
    from .record.seats import offer_problems, seat_problems

    new_log, played = edit.checked_edit(log, new_text)
    problems = seat_problems(new_log) or offer_problems(played)
    if problems:
        raise LogError(problems)
    files.replace_file(path, data, new_text)
    return played


def _with_entry(log: Any, player: str, decisions: Sequence[Any], state: Any) -> str:
    """The log's text with the entry appended, with the digest of ``state`` (after it)."""
    game = log.game
    return appended_text(log, player, game.write(decisions), None, state_digest(game, state))


def _apply(game: Any, state: Any, decisions: Sequence[Any]) -> Any:
    for step in decisions:
        state = game.apply(state, step)
    return state


def _record(
    path: str,
    data: bytes,
    log: Any,
    played: Any,
    player: str,
    entry: tuple[Any, ...],
    budget: Budget,
    refused: tuple[str, ...],
    declined: Sequence[str] = (),
    base_text: str | None = None,
) -> Reply:
    """Write the engine's ``entry`` for ``player``: a move, or (an offer to a person) the
    header's open offer; ``base_text`` is the log's text to add it to (the file's)."""
    game = log.game
    text = game.write(entry)
    partner = entry_partner(game, entry)
    base = log if base_text is None else gamelog.read_log(base_text, log.filename)
    if partner is not None and partner != player and partner not in engine_seats(log.header):
        value: dict[str, Any] = {"player": player, "decision": text}
        if declined:
            value["declined"] = list(declined)
        _write(path, data, log, with_header_key(base.text, OFFER_FIELD, value))
        return Reply(player, text, _budget_words(budget), offered=partner, refused=refused)
    after = _apply(game, played.final, entry)
    _write(path, data, log, _with_entry(base, player, entry, after))
    return Reply(player, text, _budget_words(budget), number=played.moves + 1, refused=refused)


def _timed(budget: Budget, started: float) -> Budget:
    """``budget`` whose seconds count from ``started`` (the reply's start: reading the log
    and writing the decision are within them)."""
    if budget.seconds is None or budget.since is not None:
        return budget
    from msgspec.structs import replace

    return replace(budget, since=started)


def must_sign(log: Any, player: str) -> str | None:
    """Why ``player``'s moves must be signed in ``log`` (None when they need not): every
    move under ``signatures: required``, and a keyed player's unless ``signatures: warn``."""
    setting = log.header.get("signatures")
    if setting == "required":
        return "signatures are required"
    keys = log.header.get("keys")
    if setting != "warn" and isinstance(keys, dict) and player in keys:
        return f"the log holds {possessive(player)} key"
    return None


def _unsigned_problem(log: Any, path: str, player: str) -> Problem | None:
    """``unsigned_move`` when ``player``'s move must be signed in ``log`` (``must_sign``):
    the engine's unsigned move would leave a log that fails ``forex validate``, so it is
    refused before the search, with the command that signs it."""
    why = must_sign(log, player)
    if why is None:
        return None
    return Problem(
        "unsigned_move",
        f"move {len(log.entries) + 1}: {player} (the engine) would play unsigned, and {why};"
        " nothing was written",
        "signature",
        path,
        entry=len(log.entries) + 1,
        hints=(
            "sign its move: "
            + player_command(
                "forex play", command_path(path), player, "--engine --sign --key FILE"
            ),
        ),
    )


def awaited_deal(played: Any) -> str | None:
    """Under ``signatures: required``, the deal no move may follow until its cosigner
    countersigns it, in words (``ben to countersign move 17``); None: there is none."""
    from .record.signing import check_signatures, signatures_required

    if not signatures_required(played.log):
        return None
    awaiting = check_signatures(played).awaiting
    if not awaiting:
        return None
    number = min(awaiting)
    return f"{awaiting[number]} to countersign move {number} (signatures: required)"


def reply_engines(
    path: str,
    *,
    seed: int = 0,
    budget: Budget | None = None,
    progress: Progress | None = None,
    limit: int = MAX_REPLIES,
) -> Replies:
    """Let every engine seat that decides next in the log at ``path`` play, until a person
    decides, the game ends or an engine's offer waits for a person.

    Each decision is checked by the rules and written at once (atomically);
    ``budget`` replaces the seats' own (the header's ``engines:``).  Raises
    ``LogError`` for a log that cannot be played on.
    """
    import time

    made: list[Reply] = []
    while True:
        started = time.perf_counter()
        data, log, played = edit.load_valid(path)
        game = log.game
        engines = engine_seats(log.header)
        pending = game.pending(played.final)
        if pending.over:
            return Replies(tuple(made), "the game is over")
        if open_offer(log.header) is not None:
            return Replies(tuple(made), "an offer waits for its answer")
        deciders = pending.deciders
        if len(deciders) != 1 or deciders[0] not in engines:
            who = " or ".join(deciders)
            return Replies(tuple(made), says(who, "decides next"))
        waiting = awaited_deal(played)  # no move may follow it: not the seat's either
        if waiting is not None:
            return Replies(tuple(made), waiting)
        why = must_sign(log, deciders[0])
        if why is not None:
            return Replies(
                tuple(made),
                f"{deciders[0]} (the engine) {verb_for(deciders[0], 'decides')} next, and {why}:"
                " sign its move"
                f" ({player_command('forex play', command_path(path), deciders[0], '--engine')}"
                " --sign --key FILE), or let it reply at once to your signed moves:"
                f" --key-for-seat {command_word(f'{deciders[0]}=FILE')}",
            )
        if len(made) >= limit:
            return Replies(tuple(made), f"stopped after {limit} engine decisions")
        player = deciders[0]
        plan = _timed(budget or engines[player], started)
        entry, refused = engine_entry(
            game, played.final, plan, seed=seed, engines=tuple(engines), progress=progress
        )
        made.append(_record(path, data, log, played, player, entry, plan, refused))


def engine_move(
    path: str,
    player: str,
    budget: Budget,
    *,
    seed: int = 0,
    progress: Progress | None = None,
) -> Reply:
    """The engine's decision for ``player`` (who decides next) written into the log at
    ``path``: a move, or an offer to a person (the header's ``offer:``)."""
    data, log, played = edit.load_valid(path)
    problem = open_offer_problem(log, path, "nothing was written") or _unsigned_problem(
        log, path, player
    )
    if problem is not None:
        raise LogError([problem])
    engines = tuple(engine_seats(log.header))
    entry, refused = engine_entry(
        log.game, played.final, budget, seed=seed, engines=engines, progress=progress
    )
    return _record(path, data, log, played, player, entry, budget, refused)


def offer_entry(path: str, player: str, text: str, budget: str = "") -> Reply | None:
    """Write the engine's entry ``text`` for ``player`` as the header's open offer when it
    opens with an offer to a person in an unsigned game (None, nothing written, otherwise: it
    is played as a move, and in a signed game awaits the partner's countersignature)."""
    from .record.signing import signed_game

    data, log, _ = edit.load_valid(path)
    game = log.game
    decisions = game.parse(player, text)
    partner = entry_partner(game, decisions)
    if partner is None or partner == player or partner in engine_seats(log.header):
        return None
    if signed_game(log):
        return None
    value = {"player": player, "decision": game.write(decisions)}
    _write(path, data, log, with_header_key(log.text, OFFER_FIELD, value))
    return Reply(player, value["decision"], budget, offered=partner)


def awaited_offer(played: Any, player: str) -> Any:
    """The entry of an engine seat's deal with ``player`` that awaits ``player``'s
    countersignature (a signed game writes the engine's offer to a person as its signed
    move, which the person's countersignature agrees: ``forex play FILE NAME accept
    --sign``), made since ``player``'s own last move; the earliest, None without one."""
    from .record.signing import check_signatures, signed_game

    log = played.log
    engines = engine_seats(log.header)
    if not engines or player in engines or not signed_game(log):
        return None
    own = max((entry.number for entry in log.entries if entry.player == player), default=0)
    for number, partner in sorted(check_signatures(played).awaiting.items()):
        entry = log.entries[number - 1]
        if partner == player and entry.player in engines and number > own:
            return entry
    return None


def accept_command(
    file: str, person: str, seats: Sequence[str] = (), *, mailed: bool = False
) -> str:
    """``forex play FILE NAME accept --sign --key FILE``: the command by which ``person``
    countersigns an engine seat's offer, with ``--key-for-seat SEAT=FILE`` for each of
    ``seats`` (those whose keys the person gave, so that they play on after it) and
    ``--eml OUT.eml`` when ``mailed`` (a mail host plays a seat)."""
    from .record.seats import accept_command as command

    return command(command_path(file), person, seats, mailed=mailed)


def awaiting_data(
    played: Any, file: str | None = None, seats: Sequence[str] = ()
) -> list[dict[str, Any]]:
    """In a signed game, each engine seat's deal with a person that awaits the person's
    countersignature (``awaited_offer``), as ``forex moves --format json``'s ``awaiting``
    has it (``move``, ``player``, ``partner``) with its ``decision`` and the person's
    ``answer`` (``accept_command``, with the keys of ``seats`` and of every seat that signs:
    ``seats.signing_seats``)."""
    from .record.seats import mailed_seats, signing_seats

    name = file or played.log.filename
    mailed = bool(mailed_seats(played.log, seats))
    seats = signing_seats(played.log, seats)
    found = []
    for person in played.log.players:
        entry = awaited_offer(played, person)
        if entry is not None:
            found.append(
                {
                    "move": entry.number,
                    "player": entry.player,
                    "partner": person,
                    "decision": entry.text,
                    "answer": accept_command(name, person, seats, mailed=mailed),
                }
            )
    return sorted(found, key=lambda deal: deal["move"])


def decline_awaited(path: str, person: str, signer: Any = None, record: Any = None) -> Any:
    """``person`` declines the engine seat's offer that awaits their countersignature in a
    signed game (``awaited_offer``, the log's last move): the seat's move is taken out (it
    never took effect), with a key it added on first use, and its entry joins the header's
    ``declined:`` (``seats.SignedDeclines``) with the others declined at that decision, so
    that the seat does not offer it again there; ``signer`` (``signing.Signer``, the
    person's key: ``--sign``) signs the record, so that a host takes it from the person's
    mail (``hosting.signed_decline``), which keeps that mail's signed ``record`` instead.
    Returns the entry taken out; raises
    ``LogError`` (``no_offer``) when no such offer waits, or moves follow it."""
    from .record.edit import cut_text
    from .record.seats import DECLINED_FIELD, SignedDeclines, declined_now
    from .record.signing import check_signatures, sign_decline

    data, log, played = edit.load_valid(path)
    entry = awaited_offer(played, person)
    if entry is None:
        raise _no_offer(
            log, path, person, "no engine seat's offer awaits your countersignature here"
        )
    if entry.number != len(log.entries):
        raise LogError(
            [
                Problem(
                    "no_offer",
                    f"{possessive(entry.player)} offer of move {entry.number} ({entry.text})"
                    f" cannot be declined: moves {entry.number + 1} to {len(log.entries)} follow"
                    " it; nothing was written",
                    "rules",
                    path,
                    entry=entry.number,
                    hints=(
                        f"take them back with it: forex undo {command_word(path)} --to"
                        f" {entry.number - 1} --force",
                    ),
                )
            ]
        )
    before = declined_now(log, entry.player, check_signatures(played).awaiting)
    entries = (*before, entry.text)
    sig = None
    if signer is not None:
        state = played.state_after(entry.number - 1)
        after = entry.number - 1
        sig = {person: sign_decline(signer.key, log, after, state, person, entry.player, entries)}
    if record is None:
        record = SignedDeclines(entry.player, entry.number - 1, entries, sig)
    text, _, _ = cut_text(log, entry.number - 1)
    _write(path, data, log, with_header_key(text, DECLINED_FIELD, record.value()))
    return entry


def declined_first(log: Any, played: Any, seat: str) -> list[Any]:
    """The opening decisions of the entries ``seat`` must not offer again at its decision
    now (the header's ``declined:``, ``seats.declined_now``), as ``engine_entry`` leaves
    them out."""
    from .record.seats import declined_now, signed_declines
    from .record.signing import check_signatures

    if signed_declines(log.header) is None:
        return []
    texts = declined_now(log, seat, check_signatures(played).awaiting)
    return [log.game.parse(seat, text)[0] for text in texts]


def _no_offer(log: Any, path: str, player: str, why: str) -> LogError:
    return LogError(
        [
            Problem(
                "no_offer",
                f"{says(player, 'has')} no offer to answer: {why}",
                "rules",
                path,
                entry=len(log.entries) + 1,
                hints=(f"forex show {command_path(path)} says who decides next",),
            )
        ]
    )


def answer_offer(
    path: str,
    player: str,
    *,
    accept: bool,
    seed: int = 0,
    budget: Budget | None = None,
    progress: Progress | None = None,
) -> Reply:
    """``player``'s answer to the open offer made to them: ``accept`` appends the offered
    entry as the engine seat's move; a refusal drops it and the engine chooses again
    without it (nor any offer declined before this turn), which may be a new offer.

    Returns the move written (the accepted entry, or the engine's new choice).
    """
    data, log, played = edit.load_valid(path)
    offer = open_offer(log.header)
    if offer is None:
        raise _no_offer(log, path, player, "the log holds no open offer")
    problems = offer_problems(played)
    if problems:  # neither answer: the offer is not one to take up (one nobody signed)
        raise LogError(problems)
    partner = offer_partner(log.game, offer)
    if partner != player:
        raise _no_offer(
            log,
            path,
            player,
            f"{possessive(offer.player)} offer ({offer.decision}) goes to {partner}",
        )
    game = log.game
    decisions = game.parse(offer.player, offer.decision)
    without = with_header_key(log.text, OFFER_FIELD, None)
    engines = engine_seats(log.header)
    plan = budget or engines.get(offer.player) or Budget(seconds=1.0)
    if accept:
        after = _apply(game, played.final, decisions)
        base = gamelog.read_log(without, log.filename)
        _write(path, data, log, _with_entry(base, offer.player, decisions, after))
        return Reply(offer.player, offer.decision, "accepted", number=played.moves + 1)
    declined = [*offer.declined, offer.decision]
    first = [game.parse(offer.player, text)[0] for text in declined]
    entry, refused = engine_entry(
        game,
        played.final,
        plan,
        seed=seed,
        engines=tuple(engines),
        declined=first,
        progress=progress,
    )
    return _record(
        path, data, log, played, offer.player, entry, plan, refused, declined, base_text=without
    )


def withdraw_offer(path: str, *, dry_run: bool = False) -> Offer:
    """Remove the open offer (``forex undo`` of a log that holds one); raises ``LogError``
    without one."""
    data, log, _ = edit.load_valid(path)
    offer = open_offer(log.header)
    if offer is None:
        raise LogError([Problem("no_offer", "the log holds no open offer", "rules", path)])
    if not dry_run:
        _write(path, data, log, with_header_key(log.text, OFFER_FIELD, None))
    return offer


def declines(log: Any, state: Any, decisions: Sequence[Any]) -> str | None:
    """Why an engine seat of ``log`` declines the entry ``decisions`` offered in ``state``
    (None: it opens with no offer to an engine seat, or the engine accepts it): what
    ``forex moves`` and ``forex hint`` leave out."""
    partner = entry_partner(log.game, decisions)
    if partner is None or partner not in engine_seats(log.header):
        return None
    reason: str | None = log.game.offer_refusal(state, decisions)
    return reason


# --------------------------------------------------------------------------- advice on an offer


class OfferAnswer(Struct, frozen=True):
    """One answer to an open offer as ``forex hint`` ranks it: the answer (as ``forex play
    FILE NAME`` takes it), the person's value after it (0 to 1) and every seat's, the
    simulations of the search behind it, the entry the engine seat then plays (the offer,
    or its choice instead) and why, in words."""

    answer: str
    value: float
    values: tuple[float, ...]
    simulations: int
    player: str
    entry: str
    why: str
    offered: bool = False
    """The engine's choice instead is another offer to the person."""


class OfferHint(Struct, frozen=True):
    """``accept`` and ``decline`` for the person an open offer waits for, the better first
    (the higher value; accept first on a tie)."""

    player: str
    offer: Offer
    answers: tuple[OfferAnswer, ...]
    simulations: int
    seconds: float
    players: tuple[str, ...]


OFFER_STAGES = 3
"""The engine's choice instead of the offer and the two positions' searches share the budget."""


def _stage(plan: Budget, stage: int, started: float) -> Budget:
    """The budget of the ``stage``-th (1 to ``OFFER_STAGES``) search of an offer's advice:
    a share of the simulations, and seconds ending at ``stage`` shares of ``plan``'s (which
    count from ``plan.since``, else from ``started``); the last ends with ``plan`` itself."""
    import time

    share = plan.share(OFFER_STAGES)
    if plan.seconds is None:
        return share
    if stage == OFFER_STAGES:
        from msgspec.structs import replace

        return replace(plan, simulations=share.simulations, since=plan.since or started)
    end = (plan.since or started) + plan.seconds * stage / OFFER_STAGES
    left = max(end - time.perf_counter(), plan.seconds * 0.02)
    return Budget(simulations=share.simulations, seconds=left)


def _capped(plan: Budget, seat: Budget | None) -> Budget:
    """``plan`` with at most ``seat``'s simulations (the engine seat's own budget, when it
    counts simulations: its choice instead is then the one ``forex play`` makes)."""
    if seat is None or seat.simulations is None:
        return plan
    fewer = min(seat.simulations, plan.simulations or seat.simulations)
    return Budget(simulations=fewer, seconds=plan.seconds, since=plan.since)


def _position_values(
    game: Any,
    advisor: Any,
    before: Any,
    entry: Sequence[Any],
    plan: Budget,
    seed: int,
    progress: Progress | None,
) -> tuple[tuple[float, ...], int]:
    """Every seat's value of the position after ``entry`` (played in ``before``) and the
    simulations spent: the value of the line the search expects there (the value ``forex
    hint`` gives), or, where nobody decides after it, the entry's value at ``before``."""
    from .search.advisor import hint

    after = _apply(game, before, entry)
    if game.pending(after).over or advisor.mover(after) is None:
        judged = advisor.weigh(before, entry, plan, seed=seed, visits=plan.simulations or 8)
        return tuple(judged.played), plan.simulations or 0
    found = hint(advisor, after, plan, top=1, seed=seed, progress=progress)
    return tuple(found.suggestions[0].values), found.simulations


def offer_hint(
    game: Any,
    state: Any,
    offer: Offer,
    engines: Any,
    plan: Budget,
    *,
    seed: int = 0,
    progress: Progress | None = None,
) -> OfferHint:
    """``accept`` and ``decline`` ranked for the person ``offer`` waits for in ``state``,
    valued by the engine's search within ``plan`` (deterministic in simulations): for
    accept the position after the offered entry, for decline the position after the
    engine seat chooses again without it (and the offers declined before it), as
    ``answer_offer`` does."""
    import time

    started = time.perf_counter()
    advisor = _advisor(game)
    if advisor is None:
        raise ValueError(f"the engine does not play {game.title}")
    names = advisor.names(state)
    person = offer_partner(game, offer)
    if person is None or person not in names:
        raise ValueError(f"{possessive(offer.player)} offer goes to no player")
    seat = names.index(person)
    offered = game.parse(offer.player, offer.decision)
    first = [game.parse(offer.player, text)[0] for text in (*offer.declined, offer.decision)]
    done = [0]

    def counted(update: int) -> None:
        if progress is not None:
            progress(done[0] + update)

    def staged(number: int) -> Budget:
        return _stage(plan, number, started)

    instead, _ = engine_entry(
        game,
        state,
        _capped(staged(1), engines.get(offer.player)),
        seed=seed,
        engines=tuple(engines),
        declined=first,
        progress=counted,
    )
    done[0] = (plan.simulations or 0) // OFFER_STAGES
    kept, kept_simulations = _position_values(
        game, advisor, state, offered, staged(2), seed, counted
    )
    done[0] += kept_simulations
    other, other_simulations = _position_values(
        game, advisor, state, instead, staged(3), seed, counted
    )
    text = game.write(instead)
    partner = entry_partner(game, instead)
    again = partner == person and partner != offer.player
    terms = game.offer_terms(offered)
    deal = (
        f"{says(person, terms)} from {offer.player}, whose entry is played as offered"
        if terms
        else f"{possessive(offer.player)} entry is played as offered: {offer.decision}"
    )
    accept = OfferAnswer(
        "accept",
        kept[seat],
        kept,
        kept_simulations,
        offer.player,
        offer.decision,
        deal,
    )
    then = (
        f"no deal: {says(offer.player, 'offers')} {person} instead: {text} (another offer"
        " to answer)"
        if again
        else f"no deal: {says(offer.player, 'plays')} instead: {text}"
    )
    decline = OfferAnswer(
        "decline", other[seat], other, other_simulations, offer.player, text, then, again
    )
    ranked = sorted((accept, decline), key=lambda answer: -answer.value)
    spent = done[0] + other_simulations
    return OfferHint(
        person, offer, tuple(ranked), spent, time.perf_counter() - started, tuple(names)
    )
