"""``forex play`` against engine seats: the engine's answers and replies (``forexcli.replies``).

Kept apart from ``play``'s own module: ``play`` calls ``refuse_open_offer``
and ``refuse_declined`` before it writes a move, ``answer_command`` for
``accept``/``decline``, ``engine_command`` for ``--engine`` and
``print_replies`` after a move.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import click

from .. import streams
from ..reporters import clean
from ..reporters.tables import fitted, fitted_commands, pasted
from ..words import possessive, says
from . import echo as _echo
from .common import ProblemExit

ANSWER_WORDS = {"accept": True, "yes": True, "decline": False, "no": False, "refuse": False}
"""A person's answer to an open offer: ``forex play FILE NAME accept`` (or yes), ``decline``
(or no, refuse)."""


def _mentions(file: str, key: bytes) -> bool:
    """Whether the file's bytes hold ``key`` at all (a cheap test before reading the log:
    most logs name no engine seat and hold no offer)."""
    from ..record.files import read_bytes
    from ..record.problems import LogError

    try:
        return key in read_bytes(file)
    except LogError:
        return False


def answer_of(words: tuple[str, ...]) -> bool | None:
    """True (accept) or False (decline) when the decision is an answer word, else None."""
    if len(words) != 1:
        return None
    return ANSWER_WORDS.get(words[0].strip().lower())


def _problems(error: Any) -> ProblemExit:
    return ProblemExit(error.problems)


def refuse_open_offer(file: str, doing: str = "nothing was written") -> None:
    """Exit with ``open_offer`` when the log holds an offer its partner has not answered."""
    from ..record import edit
    from ..record.problems import LogError
    from ..replies import open_offer_problem

    if not _mentions(file, b"offer"):
        return
    try:
        _, log, _ = edit.load_valid(file)
    except LogError:
        return  # the move's own check reports it
    if log.header.get("offer") is None:
        return
    problem = open_offer_problem(log, file, doing)
    if problem is not None:
        raise ProblemExit([problem])


def refuse_declined(played: Any, file: str) -> None:
    """Exit with the game's ``AgreementWords.declined`` when the move opens with an offer to an
    engine seat that the engine refuses (nothing is written)."""
    if not played.log.header.get("engines"):
        return
    from ..replies import declined_problem

    problem = declined_problem(played, file)
    if problem is not None:
        raise ProblemExit([problem])


def _summary(played: Any, number: int) -> list[str]:
    """What move ``number`` did, a line a sentence, indented (``replies.move_sentences``)."""
    from ..replies import move_sentences

    return [f"  {sentence}" for sentence in move_sentences(played, number)]


def _board(file: str, *, next_line: bool = True) -> list[str]:
    """The compact board of the log (``Game.compact_text``), else who decides next (not
    with ``next_line`` False: what was printed before says it)."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log, replay
    from ..record.seats import header_lines
    from ..record.status import status_line
    from .common import compact_board

    played = replay(read_log(read_bytes(file), file))
    text, offer = compact_board(played)
    if text is None:
        said = offer or status_line(played.log.game, played.final)
        text = "Next: " + said if next_line else ""
    from ..reporters.tables import fitted_commands

    lines = [
        fitted_commands(clean(line), streams.width())
        for line in header_lines(played.log, file)
        if line.startswith("Open")
    ]
    return [clean(text, newlines=True), *lines] if text else lines


def reply_lines(replies: Any, file: str, played: Any = None) -> list[str]:
    """One line a reply (and one a first choice its partner declined), each wrapped at
    spaces to the width, a command it prints kept whole, and what each move did under it
    (``reply_sentences``), in ``played`` (the replay of ``file`` after the replies; read
    from it when not given)."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log, replay
    from ..record.problems import command_path
    from ..reporters.tables import fitted_commands

    if played is None and replies:
        played = replay(read_log(read_bytes(file), file))
    out = []
    for reply in replies:
        for refused in reply.refused:
            out.append(clean(f"  (the engine's first choice, {refused}, its partner declined)"))
        out.append(clean(reply.line().replace(" FILE ", f" {command_path(file)} ")))
        out.extend(reply_sentences(played, reply))
    return [fitted_commands(line, streams.width()) for line in out]


def reply_sentences(played: Any, reply: Any) -> list[str]:
    """What an engine's ``reply`` (a ``replies.Reply``) did, to print under its line, in
    ``played`` (the log's replay after it): the lines of ``_summary``, as a person's move
    is told (the compact board shows the state after them, not the symbols a line passed,
    a trend card or the media a move spent)."""
    if played is None or reply.number is None or reply.number > played.moves:
        return []
    return [clean(line) for line in _summary(played, reply.number)]


def _budget(seconds: float | None, simulations: int | None) -> Any:
    if seconds is None and simulations is None:
        return None
    from .engine import search_budget

    return search_budget(seconds, simulations)


def engine_replies(file: str, *, seed: int, budget: Any, signers: Any = None) -> Any:
    """The engine seats' replies (``replies.Replies``): ``replies.reply_engines``, or with
    the seats' keys (``signers``, seat -> ``signing.Signer``: ``--key-for-seat``) each
    signed, the deals offered to them countersigned first (``hosting.signed_replies``).
    Raises ``LogError``."""
    if not signers:
        from ..replies import reply_engines

        return reply_engines(file, seed=seed, budget=budget)
    from ..hosting import signed_replies

    return signed_replies(file, signers, seed=seed, budget=budget)


def stop_lines(done: Any, file: str, seats: Sequence[str] = ()) -> list[str]:
    """Why the replies stopped, when it asks something of the person: an engine seat whose
    move must be signed (how to sign it), or a deal that awaits a countersignature (how to
    give it; an engine seat's offer to a person, the person's answers, ``_answer_lines``,
    with ``--key-for-seat`` for each of ``seats``, the seats whose keys signed the replies,
    and every other seat that signs, so that they play on after it)."""
    from ..reporters.tables import fitted_commands

    if re.search(r"\(the engine\) decides? next", done.stopped):  # its move must be signed: say how
        return [fitted_commands(clean(done.stopped), streams.width())]
    found = re.match(r"(\S+) to countersign move (\d+) ", done.stopped)
    if found is None:
        return _offer_lines(file, seats)
    from ..record.files import read_bytes
    from ..record.gamelog import read_log
    from ..record.seats import engine_offer_awaits
    from ..record.signing import sign_hint

    log = read_log(read_bytes(file), file)
    number, partner = int(found[2]), found[1]
    if engine_offer_awaits(log, number, partner):  # the answer countersigns it
        return _answer_lines(log, file, number, partner, seats)
    hint = sign_hint(log, number, partner, file)
    return [fitted_commands(clean(f"{done.stopped}: {hint}"), streams.width())]


def _answer_lines(
    log: Any, file: str, number: int, person: str, seats: Sequence[str] = ()
) -> list[str]:
    """The engine seat's offer of move ``number`` that awaits ``person``'s countersignature,
    and the person's answers (``seats.offer_answers``): accept on the line of the offer,
    decline on the next, each command whole."""
    from ..record.problems import command_path
    from ..record.seats import offer_answers
    from ..record.signing import awaiting_text
    from ..reporters.tables import fitted_commands

    accept, decline = offer_answers(log, person, command_path(file), seats)
    said = f"{awaiting_text(log, number, person)}: {accept}"
    width = streams.width()
    return [fitted_commands(clean(said), width), fitted_commands(clean(f"  {decline}"), width)]


def _offer_lines(file: str, seats: Sequence[str] = ()) -> list[str]:
    """In a signed game, the engine seat's deal that awaits the countersignature of the
    person who decides next (its offer, written as its signed move: ``replies.awaited_offer``)
    and the person's answers (``_answer_lines``); none without one."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log, replay
    from ..replies import awaited_offer

    if not _mentions(file, b"sig"):
        return []
    played = replay(read_log(read_bytes(file), file))
    lines = []
    for person in played.log.game.pending(played.final).deciders:
        entry = awaited_offer(played, person)
        if entry is not None:
            lines += _answer_lines(played.log, file, entry.number, person, seats)
    return lines


def countersigned_lines(done: Any) -> list[str]:
    """A line for each deal an engine seat countersigned before the replies."""
    return [clean(signed.line()) for signed in done.countersigned]


def print_replies(
    file: str,
    *,
    seed: int,
    seconds: float | None,
    simulations: int | None,
    board: bool = True,
    play: bool = True,
    mover: str | None = None,
    signers: Any = None,
    told_next: bool = False,
) -> None:
    """Let the engine seats that decide next play (``engine_replies``, signed with
    ``signers``; not with ``play`` False), then print one line per decision and the compact
    board (without ``play``: who decides next), and whom to send the log to.  With
    ``told_next`` the mover's report said who decides next: a game without a compact board
    does not say it again when no seat replied."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log
    from ..record.problems import LogError

    try:
        if not read_log(read_bytes(file), file).header.get("engines"):
            return
        if not play:
            _echo("\n".join(_next(file)))
            return
        done = engine_replies(
            file, seed=seed, budget=_budget(seconds, simulations), signers=signers
        )
    except LogError as error:
        raise _problems(error) from None
    lines = [*countersigned_lines(done), *reply_lines(done.replies, file)]
    lines += stop_lines(done, file, tuple(signers or ()))
    if board:
        again = not told_next or bool(done.replies or done.countersigned)
        shown = _board(file, next_line=again)
        lines += ["", *shown] if shown else []
    _echo("\n".join([*lines, *_send(file, mover)]))


def _next(file: str) -> list[str]:
    """``Next: computer to decide (turn)``: who decides next, in a line."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log, replay
    from ..record.status import pending_line

    played = replay(read_log(read_bytes(file), file))
    return [clean(f"Next: {pending_line(played.log.game, played.final)}")]


def _send(file: str, mover: str | None) -> list[str]:
    """``Send FILE to bob: ADDRESS`` when a person with a contact decides next (not the
    ``mover``, who holds the log)."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log, replay
    from ..record.mail import contact_of

    played = replay(read_log(read_bytes(file), file))
    deciders = played.log.game.pending(played.final).deciders
    if len(deciders) != 1 or deciders[0] == mover:
        return []
    address = contact_of(played.log, deciders[0])
    if not address:
        return []
    return [clean(f"Send {file} to {deciders[0]}: {address}")]


def compact_move_report(played: Any, file: str) -> str:
    """``move 3: you: invest GBP (added to FILE)`` and what it did, in a few lines."""
    from ..record.seats import engine_seats, entry_partner

    entry = played.log.entries[-1]

    head = clean(f"move {entry.number}: {entry.player}: {entry.text} (added to {file})")
    head = fitted(head, streams.width())
    told = _summary(played, entry.number)
    lines = [head, *(fitted_commands(clean(line), streams.width()) for line in told)]
    partner = entry_partner(played.log.game, entry.decisions)
    if partner is not None and partner in engine_seats(played.log.header):
        offer = played.log.game.agreement_words().offer
        lines.insert(1, clean(f"  {partner} (the engine) accepts {offer}"))
    return "\n".join(lines)


def replies_expected(file: str) -> bool:
    """Whether the log names engine seats (``forex play`` then reports compactly)."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log
    from ..record.problems import LogError

    if not _mentions(file, b"engines"):
        return False
    try:
        return bool(read_log(read_bytes(file), file).header.get("engines"))
    except LogError:
        return False


def answer_command(
    file: str,
    player: str,
    accept: bool,
    *,
    seed: int,
    seconds: float | None,
    simulations: int | None,
    reply: bool,
    signer: Any = None,
    fmt: str = "text",
    eml_path: str | None = None,
    signers: Any = None,
) -> None:
    """``forex play FILE NAME accept|decline``: answer the engine's open offer, then let the
    engine seats play on; an accepted deal is countersigned by ``signer`` (``--sign``: in a
    signed game the countersignature is the agreement); ``fmt`` json prints it all as one
    document (``_answer_data``). ``eml_path``: the answer is mailed there, to the offering
    seat's host (a seat with a mail address), whose ``forex read --reply`` plays the seat on:
    the seats its host plays do not reply here. ``signers`` sign the replies
    (``engine_replies``)."""
    from ..record.problems import LogError
    from ..replies import answer_offer

    answered = _offer_of(file)
    waiting = _awaited_offer(file, player) if answered is None else None
    if signer is not None and not accept and answered is not None:
        raise click.UsageError("--sign countersigns an accepted deal: leave it out of decline")
    if waiting is not None and not accept:  # a signed game: the seat's move is taken out
        _signed_decline(
            file, player, seed=seed, seconds=seconds, simulations=simulations, reply=reply,
            fmt=fmt, eml_path=eml_path, signers=signers, signer=signer,
        )  # fmt: skip
        return
    try:
        if waiting is not None:  # a signed game: the offer is the seat's move, to countersign
            made = _countersigned(file, player, waiting, signer=signer)
        else:
            made = answer_offer(
                file, player, accept=accept, seed=seed, budget=_budget(seconds, simulations)
            )
    except LogError as error:
        raise _problems(error) from None
    word = "accepted" if accept else "declined"
    lines = [clean(f"{player} {word} the offer.")]
    if signer is not None and made.number is not None:
        from ..record import edit

        try:
            if waiting is None:
                edit.sign_entry(file, made.number, signer)
        except LogError as error:
            raise _problems(error) from None
        lines.append(clean(f"{player} countersigned move {made.number}: the deal is agreed"))
    if fmt == "json":
        _echo(
            _answer_data(
                file, player, made, answered, accept=accept, signed=signer is not None,
                seed=seed, seconds=seconds, simulations=simulations, reply=reply,
                signers=signers,
            )
        )  # fmt: skip
        return
    lines += reply_lines([made], file) if not accept else _agreed_lines(file, made, player)
    lines += [] if signer is not None else _signed_notice(file, made, player)
    _echo("\n".join(lines))
    if eml_path is not None and reply and made.offered is None:
        reply = not _hosted_after(file)
    if reply and made.offered is None:
        print_replies(
            file, seed=seed, seconds=seconds, simulations=simulations, mover=player,
            signers=signers,
        )  # fmt: skip
    else:
        _echo("\n".join(["", *_board(file)]))
    offering = answered if answered is not None else waiting
    if eml_path is not None and offering is not None:
        _mail_answer(file, eml_path, offering.player, player)


def _signed_decline(
    file: str,
    player: str,
    *,
    seed: int,
    seconds: float | None,
    simulations: int | None,
    reply: bool,
    fmt: str,
    eml_path: str | None,
    signers: Any,
    signer: Any = None,
) -> None:
    """``forex play FILE NAME decline`` of an engine seat's offer written as its signed move
    (``replies.decline_awaited``): the move is taken out and remembered in ``declined:``
    (signed by ``signer``, ``--sign``: the decline its host takes from the person's mail);
    with the seat's key (``signers``) it chooses again at once, signed, else the replies'
    stop line says how it does; ``fmt`` json as an answer's document."""
    from ..record.problems import LogError
    from ..replies import Replies, decline_awaited

    try:
        entry = decline_awaited(file, player, signer)
    except LogError as error:
        raise _problems(error) from None
    if eml_path is not None and reply:
        reply = not _hosted_after(file)
    if fmt == "json":
        done = Replies((), "the engine seats wait (--no-reply)")
        if reply:
            try:
                budget = _budget(seconds, simulations)
                done = engine_replies(file, seed=seed, budget=budget, signers=signers)
            except LogError as error:
                raise _problems(error) from None
        answer = {"player": player, "accepted": False, "by": entry.player}
        answer |= {"decision": entry.text, "countersigned": False}
        _echo(_answer_json(file, answer, None, done, signers))
    else:
        said = (
            f"{player} declined the offer: {possessive(entry.player)} move {entry.number}"
            f" ({entry.text}) is taken out (it never took effect), and"
            f" {says(entry.player, 'chooses')} again without it."
        )
        _echo(fitted_commands(clean(said), streams.width()))
        if reply:
            print_replies(file, seed=seed, seconds=seconds, simulations=simulations,
                          mover=player, signers=signers)  # fmt: skip
        else:
            _echo("\n".join(["", *_board(file)]))
    if eml_path is not None:
        _mail_answer(file, eml_path, entry.player, player)


def _awaited_offer(file: str, player: str) -> Any:
    """The engine seat's deal that awaits ``player``'s countersignature in a signed game
    (``replies.awaited_offer``: its entry), None without one or when the log cannot be
    read (``answer_offer`` then says why)."""
    from ..record import edit
    from ..record.problems import LogError
    from ..replies import awaited_offer

    try:
        _, _, played = edit.load_valid(file)
    except LogError:
        return None
    return awaited_offer(played, player)


def _countersigned(file: str, player: str, entry: Any, *, signer: Any) -> Any:
    """``player``'s acceptance of an engine seat's deal written as its signed move
    (``entry``) in a signed game: with ``signer`` (``--sign``) it countersigns it, the
    agreement (a ``Reply`` of the move); without a key the game's
    ``AgreementWords.unagreed``: raises ``LogError``, nothing written (a decline is
    ``_signed_decline``'s)."""
    from ..record import edit
    from ..record.problems import LogError, Problem, command_path, player_command
    from ..record.signing import awaiting_text
    from ..replies import Reply

    _, log, _ = edit.load_valid(file)
    where = log.place(("moves", entry.number - 1, entry.player))
    line, column = where if where else (None, None)
    waits = awaiting_text(log, entry.number, player)
    command = player_command("forex play", command_path(file), player, "accept --sign --key FILE")
    if signer is None:
        said = (
            f"{waits}: in a signed game accepting is countersigning, and no key was given;"
            " nothing was written"
        )
        code = log.game.agreement_words().unagreed
        hint = f"accept it signed: {command}"
        raise LogError([Problem(code, said, "signature", file, line, column, entry.number,
                                (hint,))])  # fmt: skip
    edit.sign_entry(file, entry.number, signer)
    return Reply(entry.player, entry.text, "", number=entry.number, signed=True)


def _agreed_lines(file: str, made: Any, player: str) -> list[str]:
    """``move 12: computer: ENTRY (agreed by you)`` and what the accepted offer did (the
    payments, the rates that moved), as every other move is told."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log, replay
    from ..reporters.tables import fitted_commands

    played = replay(read_log(read_bytes(file), file))
    head = clean(f"move {made.number}: {made.player}: {made.text} (agreed by {player})")
    told = reply_sentences(played, made)
    return [head, *(fitted_commands(line, streams.width()) for line in told)]


def _hosted_after(file: str) -> bool:
    """Whether an engine seat its host plays (``hosted_next``) decides next in ``file``."""
    from ..record import edit
    from ..record.problems import LogError

    try:
        _, _, played = edit.load_valid(file)
    except LogError as error:
        raise _problems(error) from None
    return hosted_next(played)


def _mail_answer(file: str, eml_path: str, seat: str, player: str) -> None:
    """The mail of ``player``'s answer to ``seat``'s offer into ``eml_path``: To: the seat's
    address (its host, who must hear the answer) when it has one, else the next decider;
    Cc: every other player with an address but ``player``."""
    from ..record import edit
    from ..record.mail import address_of, contact_of
    from ..record.problems import LogError
    from .common import mail_of, write_mail

    try:
        _, log, played = edit.load_valid(file)
    except LogError as error:
        raise _problems(error) from None
    mail = mail_of(played, None, file, sender=player)
    host = address_of(contact_of(log, seat))
    if host is not None and str(mail["To"] or "") != host:
        own = address_of(contact_of(log, player))
        named = [str(mail["To"] or ""), *str(mail["Cc"] or "").split(", ")]
        others = [name for name in named if name and name not in (host, own)]
        del mail["To"]
        del mail["Cc"]
        mail["To"] = host
        if others:
            mail["Cc"] = ", ".join(others)
    write_mail(eml_path, mail)


def _offer_of(file: str) -> Any:
    """The log's open offer (``seats.Offer``), None without one or when it cannot be read
    (``answer_offer`` then says why)."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log
    from ..record.problems import LogError
    from ..record.seats import open_offer

    try:
        return open_offer(read_log(read_bytes(file), file).header)
    except LogError:
        return None


def _answer_data(
    file: str,
    player: str,
    made: Any,
    answered: Any,
    *,
    accept: bool,
    signed: bool,
    seed: int,
    seconds: float | None,
    simulations: int | None,
    reply: bool,
    signers: Any = None,
) -> str:
    """``play NAME accept|decline --format json``: the ``answer`` (``player``, ``accepted``,
    the offer's ``by`` and ``decision``, ``countersigned``), the ``move`` the accepted offer
    became (null for a decline), the ``engines`` and the ``replies``: after a decline the
    engine's new choice first, then (unless ``reply`` is False or an offer waits) the engine
    seats' decisions until a person decides."""
    from ..record.problems import LogError
    from ..replies import Replies

    moves = [] if accept else [made]
    stopped = f"{says(made.offered, 'answers')} the offer" if made.offered else ""
    countersigned = ()
    if reply and made.offered is None:
        try:
            done = engine_replies(
                file, seed=seed, budget=_budget(seconds, simulations), signers=signers
            )
        except LogError as error:
            raise _problems(error) from None
        moves += done.replies
        stopped = done.stopped
        countersigned = done.countersigned
    elif not stopped:
        stopped = "the engine seats wait (--no-reply)"
    answer = {
        "player": player,
        "accepted": accept,
        "by": made.player if answered is None else answered.player,
        "decision": made.text if answered is None else answered.decision,
        "countersigned": signed and made.number is not None,
    }
    done = Replies(tuple(moves), stopped, countersigned)
    return _answer_json(file, answer, made.number if accept else None, done, signers)


def _answer_json(
    file: str, answer: dict[str, Any], move: int | None, done: Any, signers: Any
) -> str:
    """The JSON document of a person's answer to an offer (``answer``), the ``move`` it
    became (None: declined) and the engine seats' replies after it (``done``:
    ``replies.Replies``), read from ``file`` as the answer left it."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log, replay
    from . import json_text

    played = replay(read_log(read_bytes(file), file))
    data = {
        "format": "forex-play",
        "version": 1,
        "game": played.log.game.name,
        "file": file,
        "written": True,
        "answer": answer,
        "move": move,
        **_engines_data(played.log, file),
        "replies": done.data(played, file, tuple(signers or ())),
    }
    return json_text(data)


def _signed_notice(file: str, made: Any, player: str) -> list[str]:
    """In a signed game, the accepted deal awaits the person's countersignature."""
    if made.number is None:
        return []
    from ..record.files import read_bytes
    from ..record.gamelog import read_log
    from ..record.signing import sign_hint, signed_game

    log = read_log(read_bytes(file), file)
    if not signed_game(log) or made.text != log.entries[-1].text:
        return []
    partner_hint = sign_hint(log, made.number, player, file)
    return [clean(f"In a signed game the countersignature is the agreement: {partner_hint}")]


def offered_instead(
    file: str,
    player: str,
    text: str,
    seconds: float | None,
    simulations: int | None,
    *,
    fmt: str = "text",
    unsent: str | None = None,
) -> bool:
    """Write the engine's decision ``text`` as an open offer when it opens with a deal with a
    person in an unsigned game (``replies.offer_entry``), and say so (``fmt`` json: the offer
    as data, ``replies`` as after a move; ``unsent`` names the message or mail the command
    asked for, which waits for the person's answer); False otherwise."""
    from ..record.problems import LogError, command_path
    from ..replies import Replies, offer_entry

    try:
        from .engine import search_budget

        made = offer_entry(file, player, text, search_budget(seconds, simulations).describe())
    except LogError as error:
        raise _problems(error) from None
    if made is None:
        return False
    if fmt == "json":
        from . import json_text
        from .engine import playable

        played, _ = playable(file)
        partner = made.offered or ""
        stopped = f"{says(partner, 'answers')} the offer"
        data = {
            "format": "forex-play",
            "version": 1,
            "game": played.log.game.name,
            "file": file,
            "written": True,
            "move": None,
            "by": player,
            "decision": made.text,
            **_engines_data(played.log, file),
            "replies": Replies((made,), stopped).data(played, file),
        }
        _echo(json_text(data))
    else:
        _echo("\n".join([*reply_lines([made], file), "", *_board(file)]))
    if unsent is not None:
        _echo(
            fitted_commands(
                clean(
                    f"no {unsent} written: the engine's decision is an offer that waits for"
                    f" {possessive(made.offered or '')} answer; make it after the answer"
                    f" (forex message {command_path(file)})"
                ),
                streams.width(),
            ),
            err=True,
        )
    return True


def engine_command(
    file: str,
    player: str,
    *,
    seed: int,
    seconds: float | None,
    simulations: int | None,
    reply: bool,
) -> None:
    """``forex play FILE NAME --engine`` in a log with engine seats: the engine's decision
    (an offer to a person waits in the header; at the seat's own budget when NAME is an
    engine seat and neither ``seconds`` nor ``simulations`` is given), then the other engine
    seats' replies."""
    from msgspec.structs import replace

    from ..record.problems import LogError
    from ..record.seats import engine_seats
    from ..replies import engine_move
    from . import STARTED
    from .engine import command_budget, playable

    played, _ = playable(file)
    deciders = played.log.game.pending(played.final).deciders
    if player not in deciders:
        from .engine import engine_decision

        engine_decision(file, player, command_budget(seconds, simulations), seed)  # exits
    plan = command_budget(seconds, simulations)
    seat = engine_seats(played.log.header).get(player)
    if seat is not None and seconds is None and simulations is None:  # the seat's own budget
        plan = seat if seat.seconds is None else replace(seat, since=STARTED)
    try:
        made = engine_move(file, player, plan, seed=seed)
    except LogError as error:
        raise _problems(error) from None
    _echo("\n".join(reply_lines([made], file)))
    if reply and made.offered is None:
        print_replies(file, seed=seed, seconds=seconds, simulations=simulations, mover=player)
    else:
        _echo("\n".join(["", *_board(file)]))


def hosted_next(played: Any) -> bool:
    """Whether an engine seat with a mail address decides next in ``played``: its host plays
    it (``forex read --reply``), so ``play --eml`` mails the log there instead of replying."""
    from ..record.mail import address_of, contact_of
    from ..record.seats import engine_seats

    log = played.log
    deciders = log.game.pending(played.final).deciders
    return (
        len(deciders) == 1
        and deciders[0] in engine_seats(log.header)
        and address_of(contact_of(log, deciders[0])) is not None
    )


def _since_for(played: Any, mover: str, number: int) -> int | None:
    """What a message after the replies tells: by default what the next decider has not seen
    (None); when the ``mover`` decides next again, their move ``number`` and the replies."""
    deciders = played.log.game.pending(played.final).deciders
    if deciders and deciders[0] == mover:
        return number - 1
    return None


def replied_move(
    change: Any,
    file: str,
    out: list[tuple[str, bool]],
    *,
    fmt: str,
    message_fmt: str | None,
    eml_path: str | None,
    recipients: str,
    mover: str,
    seed: int,
    seconds: float | None,
    simulations: int | None,
    signers: Any = None,
) -> None:
    """Write the move of ``change``, let the engine seats that decide next reply
    (``engine_replies``, signed with ``signers``), then print what ``play`` says of both:
    ``out`` (the move's report, made before it was written) and the replies, as one JSON
    document with ``--format json`` (their ``replies``), or the message of the log as the
    replies left it (``--message``: to the next person); with ``--eml`` the mail written
    after the replies goes to the next person (none when the mover decides next: no mail
    to oneself)."""
    from ..record.files import read_bytes
    from ..record.gamelog import read_log, replay
    from ..record.problems import LogError, command_path
    from ..reporters import md
    from ..words import says
    from . import json_text
    from .common import (
        commit_change,
        encoded_output,
        mail_of,
        print_written,
        to_the_people,
        view_of,
        write_mail,
    )

    entry = change.replay.log.entries[-1]
    commit_change(change)
    what = f"move {entry.number} ({clean(entry.player)}: {clean(entry.text)})"
    try:
        done = engine_replies(
            file, seed=seed, budget=_budget(seconds, simulations), signers=signers
        )
    except LogError as error:
        print_written(encoded_output(out), what, file)
        raise _problems(error) from None
    played = replay(read_log(read_bytes(file), file))
    log = played.log
    since = _since_for(played, mover, entry.number)
    message = None
    if message_fmt is not None:
        hint = f"the game as it stands: forex show {command_path(file)}"
        message = view_of(log, log.game.message, "forex play --message", hint)(
            played, since, message_fmt
        )
    if eml_path is not None:
        deciders = log.game.pending(played.final).deciders
        if deciders and deciders[0] == mover:
            said = (
                f"no mail written to {eml_path}: {says(mover, 'decides')} next (no mail to"
                " yourself); play on, then --eml"
            )
            out = [(clean(said), True), *out]
        else:
            mail = mail_of(played, since, file, to=recipients, sender=mover)
            mail = to_the_people(mail, played)
            write_mail(eml_path, mail, quiet=True)
            to, cc = mail["To"], mail["Cc"]
            send = f"send it to {to}" if to else "send it (no To: the next player has no address)"
            if cc:
                send += f", a copy to {cc}"
            out = [(clean(f"wrote the mail to {eml_path}: {send}"), True), *out]
    lines = [*countersigned_lines(done), *reply_lines(done.replies, file, played)]
    lines += stop_lines(done, file, tuple(signers or ()))
    if fmt == "json":
        import json

        report = next(text for text, err in out if not err and text.lstrip().startswith("{"))
        data = json.loads(report)
        data.update(_engines_data(log, file))
        data["replies"] = done.data(played, file, tuple(signers or ()))
        if message is not None:
            data["message"] = {
                "format": message.fmt,
                "subject": message.subject,
                "body": message.body,
            }
        out = [(json_text(data) if text == report else text, err) for text, err in out]
    elif message is not None:  # the move's message is replaced by the replies' own
        out = [item for item in out if item[1]]
        out += [(line, True) for line in [*lines, *([] if eml_path else _send(file, mover))]]
        out.append((pasted(message.subject, message.body), False))
    elif fmt == "markdown":
        told = [f"- {md(line)}" for line in lines]
        now = md(done.data(played, file)["next"])
        out.append(("\n".join(["", *told, *([""] if told else []), f"**Now:** {now}"]), False))
    else:
        out += [("\n".join([*lines, "", *_board(file)]), False)]
        if eml_path is None:
            out += [(line, False) for line in _send(file, mover)]
    print_written(encoded_output(out), what, file)


def _engines_data(log: Any, file: str) -> dict[str, Any]:
    """The header's ``engines`` as JSON data (``seats.seats_data``, without the offer: the
    replies say what offer they left open)."""
    from ..record.seats import ENGINES_FIELD, seats_data

    data = seats_data(log, file)
    return {ENGINES_FIELD: data[ENGINES_FIELD]} if ENGINES_FIELD in data else {}
