"""``forex play FILE NAME`` on a terminal: an interactive game against the engine seats.

A loop of prompts (prompt_toolkit, imported only here): the compact board, whose
turn, and a prompt that completes the legal decisions word by word.  A decision is
played by ``forex play FILE NAME DECISION`` itself (the same checks, the same atomic
write, the engine seats' replies), so that Ctrl-C or a lost connection loses
nothing: every decision is in the file the moment it is made.  ``?`` (or ``hint``),
``moves``, ``show`` and ``undo`` run those commands; ``quit`` ends the loop.
"""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ParamSpec

import click

from ..record.problems import command_path, command_word, player_command
from ..reporters import clean
from ..words import did_you_mean, possessive, says
from . import echo as _echo

HINT_WORDS = ("?", "hint")
QUIT_WORDS = ("quit", "exit", "q")
LOOP_WORDS = ("?", "hint", "moves", "show", "rules", "undo", "help", "quit")
"""The loop's own words (anything else is a decision)."""

HELP_TEXT = (
    "Type a decision (Tab completes it: moves lists them), or: ? (or hint) for the"
    " engine's advice, moves, show (with their options: moves --all, show --at 3), rules"
    " (the game's rules in short), undo (your last decision and the engine's replies to it),"
    " quit. Every decision is"
    " written the moment it is made."
)

SIGNED_HELP = (
    "In a signed game against the computer start the loop with your key and each engine"
    " seat's: {play}; your decisions are then signed, and the seats reply at once, their"
    " moves signed."
)
"""What ``help`` adds in a signed game with engine seats (``{play}``: the command, for the
file and player, ``player_command``)."""

AGREEMENT_HELP = (
    " accept countersigns the {deal} a seat offers you (its signed move); decline takes that"
    " move out, and the seat chooses again."
)
"""What ``SIGNED_HELP`` adds for a game whose entries may need a second player's agreement
(``Game.has_agreements``; ``{deal}``: the game's word, ``Game.agreement_words``)."""

EXIT_INTERRUPTED = 130
"""The loop's exit status after Ctrl-C (what the shell reports for SIGINT)."""


def _say(text: str) -> None:
    """Print ``text`` (cleaned) wrapped at spaces to the terminal's width, a command it
    prints kept whole (``fitted_commands``)."""
    from .. import streams
    from ..reporters.tables import fitted_commands

    _echo(fitted_commands(clean(text), streams.width()))


def on_terminal() -> bool:
    """Whether standard input and output are a terminal (the loop needs both; a closed one
    is none)."""
    from .. import streams

    return streams.is_terminal(sys.stdin) and streams.is_terminal(sys.stdout)


def not_on_terminal(file: str, player: str) -> click.UsageError:
    """The usage error of ``forex play FILE NAME`` without a decision and without a
    terminal: what to type instead."""
    known = _known(file)
    named, who = command_path(file), player

    def play(name: str, rest: str = "") -> str:
        return player_command("forex play", named, name, rest)

    if known is not None and player not in known[0]:
        return click.UsageError(
            clean(f"{player} is not a player of {file} ({', '.join(known[0])})")
            + "".join(f"; {hint}" for hint in did_you_mean(player, known[0]))
        )
    if known is not None and known[1] is not None:
        return click.UsageError(
            clean(
                f"the game in {file} is over ({known[1]}): there is nothing to play;"
                f" forex show {named} tells the result"
            )
        )
    offer = _offer_to(file, player)
    if offer:
        what = f"answer {offer}: {play(who, 'accept (or decline)')}"
    else:
        what = (
            "give the DECISION to play (or --engine to let the engine decide):"
            f" {play(who, 'DECISION')}; forex moves {named} lists them, forex hint {named}"
            f" advises"
        )
    return click.UsageError(
        clean(f"{what}. On a terminal, {play(who)} starts an interactive game.")
    )


def _known(file: str) -> tuple[tuple[str, ...], str | None] | None:
    """The players of ``file`` and, when its game is over, the result in words (None: a
    log that does not replay, whose problem the command reports as it goes on)."""
    from ..record import edit
    from ..record.problems import LogError
    from ..record.status import pending_line

    try:
        _, log, played = edit.load_valid(file)
    except LogError:
        return None
    over = log.game.pending(played.final).over
    return tuple(log.players), pending_line(log.game, played.final) if over else None


def _offer_to(file: str, player: str) -> str | None:
    """``computer's offer (ENTRY)`` when the log holds an open offer to ``player``."""
    from ..record import edit
    from ..record.problems import LogError
    from ..record.seats import offer_partner, open_offer

    try:
        _, log, _ = edit.load_valid(file)
    except LogError:
        return None
    offer = open_offer(log.header)
    if offer is None or offer_partner(log.game, offer) != player:
        return None
    return f"{possessive(offer.player)} offer ({offer.decision})"


# --------------------------------------------------------------------------- the situation


class Situation:
    """What the loop must do next in the log: read fresh before each prompt."""

    def __init__(self, file: str) -> None:
        from ..record import edit
        from ..record.seats import engine_seats, offer_partner, open_offer

        _, log, played = edit.load_valid(file)
        self.played = played
        self.game = log.game
        self.engines = tuple(engine_seats(log.header))
        pending = self.game.pending(played.final)
        self.over = pending.over
        self.deciders = tuple(pending.deciders)
        self.offer = open_offer(log.header)
        self.offered_to = offer_partner(self.game, self.offer) if self.offer else None
        self.moves = played.moves

    def engine_decides(self) -> bool:
        """Whether an engine seat decides next (and no offer waits)."""
        return (
            self.offer is None
            and len(self.deciders) == 1
            and self.deciders[0] in self.engines
            and not self.over
        )

    def awaited(self, player: str) -> Any:
        """The engine seat's deal with ``player`` that awaits their countersignature, in a
        signed game (``replies.awaited_offer``: its entry; the answer ``accept`` with
        ``--sign`` countersigns it); None without one, or while a header offer waits."""
        from ..replies import awaited_offer

        if self.offer is not None:
            return None
        return awaited_offer(self.played, player)

    def last_of(self, player: str) -> int | None:
        """The number of ``player``'s last move (None: none)."""
        for entry in reversed(self.played.log.entries):
            if entry.player == player:
                return int(entry.number)
        return None


# --------------------------------------------------------------------------- completion


def decision_candidates(file: str, player: str, typed: str) -> list[str]:
    """The legal decisions of ``player`` that continue ``typed`` (the whole line so far),
    written as ``forex play`` takes them; after ``;`` the next decision of the same entry.
    ``accept`` and ``decline`` when an offer to ``player`` waits."""
    situation = Situation(file)
    if situation.offered_to == player:
        return ["accept", "decline"]
    answers = [word for word in ("accept", "decline") if typed and word.startswith(typed)]
    if situation.awaited(player) is not None and (answers or not typed):
        return answers or ["accept", "decline"]
    if player not in situation.deciders:
        return []
    game = situation.game
    state = situation.played.final
    done, _, rest = typed.rpartition(";")
    for part in done.split(";") if done.strip() else ():
        found = [step for step in game.legal(state) if game.write([step]) == part.strip()]
        if not found:  # a prefix that is not a legal decision: nothing to complete
            return []
        state = game.apply(state, found[0])
    spaces = rest[: len(rest) - len(rest.lstrip())]
    prefix = f"{done};{spaces or ' '}" if done.strip() else spaces
    written = [game.write([decision]) for decision in game.legal(state)]
    return [prefix + text for text in written if text.startswith(rest.lstrip())]


def next_words(typed: str, candidates: Iterable[str]) -> list[str]:
    """What completes ``typed`` to the end of its word, or of the next word, in
    ``candidates`` (each once, in order)."""
    seen: dict[str, None] = {}
    for candidate in candidates:
        if not candidate.startswith(typed):
            continue
        tail = candidate[len(typed) :]
        skip = len(tail) - len(tail.lstrip(" "))
        end = tail.find(" ", skip)
        seen[tail if end < 0 else tail[:end]] = None
    seen.pop("", None)
    return list(seen)


def _completer(file: str, player: str) -> Any:
    from prompt_toolkit.completion import Completer, Completion

    class DecisionCompleter(Completer):
        """Completes the legal decisions of the log as it stands, word by word."""

        def get_completions(self, document: Any, complete_event: Any) -> Iterator[Any]:
            typed = document.text_before_cursor
            if typed and " " not in typed:
                for word in LOOP_WORDS:
                    if word.startswith(typed) and word != typed:
                        yield Completion(word, start_position=-len(typed))
            try:
                candidates = decision_candidates(file, player, typed)
            except Exception:  # the file changed under the prompt: complete nothing
                return
            fragment = typed.rsplit(" ", 1)[-1].rsplit(";", 1)[-1]
            for tail in next_words(typed, candidates):
                word = tail.strip() if tail.startswith(" ") else fragment + tail
                yield Completion(tail, start_position=0, display=word)

    return DecisionCompleter()


# --------------------------------------------------------------------------- the loop


def _run(args: Sequence[str], player: str | None = None, file: str | None = None) -> int:
    """Run ``forex ARGS`` in this process, as the shell would; its problems are printed
    and its exit status returned (Ctrl-C goes on as KeyboardInterrupt).  With ``player``
    (the prompt's), the commands it prints for ``file`` (by default ARGS' own) are said in
    the prompt's words (``prompt_words``)."""
    from .. import cli as cli_module

    cli_module.STARTED = time.perf_counter()  # --seconds counts from this command's start
    if player is not None:
        cli_module.AT_PROMPT = functools.partial(prompt_words, file or args[1], player)
    try:
        code = cli_module.forex.main(list(args), prog_name="forex", standalone_mode=False)
    except click.exceptions.Abort:
        raise KeyboardInterrupt from None
    except click.ClickException as error:
        error.show()
        return error.exit_code
    except SystemExit as ended:
        return int(ended.code or 0)
    finally:
        cli_module.AT_PROMPT = None
    return int(code or 0)


PROMPT_COMMANDS = ("moves", "show", "hint")
"""The commands of FILE that the prompt takes as its own words, with the same options."""


def prompt_words(file: str, player: str, text: str) -> str:
    """``text`` as said at ``player``'s prompt for ``file``: ``forex moves FILE`` is
    ``moves`` (``show`` and ``hint`` alike), ``forex play FILE PLAYER 'DECISION'`` the
    decision itself (``accept``, ``invest GBP USD``) and ``forex play FILE PLAYER DECISION``
    ``a decision``; other commands (another player's, another file's) stay."""
    import re
    import shlex

    named = re.escape(command_path(file))
    words = "|".join(PROMPT_COMMANDS)
    text = re.sub(rf"\bforex ({words}) {named}(?=[\s,;.)]|$)", r"\1", text)

    def bare(match: re.Match[str]) -> str:
        decision = " ".join(shlex.split(match.group(1)))
        return "a decision" if decision == "DECISION" else decision

    who = re.escape(command_word(player))
    decision = r"('[^']*'|\"[^\"]*\"|[^\s,;()'\"]+)"  # one word, as command_word writes it
    return re.sub(rf"\bforex play {named} {who} {decision}(?! --)", bare, text)


def _budget_args(seconds: float | None, simulations: int | None, seed: int) -> list[str]:
    args = ["--seed", str(seed)]
    if simulations is not None:
        args += ["--simulations", str(simulations)]
    if seconds is not None:
        args += ["--seconds", str(seconds)]
    return args


def _board(file: str) -> None:
    """The compact board (``Game.compact_text``) and who decides next, at 80x24."""
    from ..record.status import pending_line
    from .common import compact_board

    situation = Situation(file)
    compact, offer = compact_board(situation.played)
    if compact is not None:
        _echo(clean(compact, newlines=True))
    else:
        _echo(clean(f"Next: {offer or pending_line(situation.game, situation.played.final)}"))


def _prompt_text(situation: Situation, player: str, awaited: Any = None) -> str:
    if situation.offer is not None and situation.offered_to == player:
        return f"{player}: accept or decline? > "
    if awaited is not None:
        return f"{player}: accept (countersign move {awaited.number})? > "
    return f"{player} (move {situation.moves + 1}) > "


def _undo(file: str, player: str) -> None:
    """Take back ``player``'s last decision and everything after it (the engine's replies,
    an open offer)."""
    from ..record.problems import LogError
    from ..replies import withdraw_offer

    situation = Situation(file)
    if situation.offer is not None:
        try:  # quietly: forex undo's "no move was removed; run undo again" is not the loop's
            offer = withdraw_offer(file)
        except LogError:
            _run(["undo", file], player)  # it says why
            return
        _say(f"took back {possessive(offer.player)} open offer ({offer.decision})")
        situation = Situation(file)
    last = situation.last_of(player)
    if last is None:
        _say(f"{says(player, 'has')} no decision to undo in {file}.")
        return
    after = [entry.player for entry in situation.played.log.entries[last:]]
    replies = all(name in situation.engines for name in after)
    force = ["--force"] if after and replies else []  # the engine's replies go with it
    _run(["undo", file, "--to", str(last - 1), "--as", player, *force], player)


def _answer_offer_first(situation: Situation) -> None:
    """Say what the open offer to the person is."""
    offer = situation.offer
    if offer is not None:
        _say(f"{offer.player} offers you: {offer.decision}")


_Args = ParamSpec("_Args")


def _ctrl_c_interrupts(loop: Callable[_Args, int]) -> Callable[_Args, int]:
    """``loop`` with Ctrl-C raising KeyboardInterrupt while it runs, even when forex was
    started with SIGINT ignored (a non-interactive shell's background job, nohup): the
    engine's search and the prompt stop as the loop says."""

    @functools.wraps(loop)
    def run(*args: _Args.args, **kwargs: _Args.kwargs) -> int:
        import signal

        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            return loop(*args, **kwargs)
        finally:
            signal.signal(signal.SIGINT, previous)

    return run


@_ctrl_c_interrupts
def interactive_game(
    file: str,
    player: str,
    *,
    seed: int,
    seconds: float | None,
    simulations: int | None,
    signing: Sequence[str] = (),
    signers: Mapping[str, Any] | None = None,
) -> int:
    """Play ``player``'s decisions in ``file`` at prompts until the game ends or the person
    quits; the exit status (0, or 130 after Ctrl-C). ``signing`` (``--sign``, ``--key
    FILE``, ``--key-for-seat SEAT=FILE``) goes with each decision and answer: in a signed
    game each is signed, and the engine seats' replies with their keys (``signers``, seat
    -> ``signing.Signer``, which also sign the replies the loop asks for itself)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory

    from ..record.problems import LogError
    from . import replies
    from .common import ProblemExit

    _check_player(file, player)
    named = command_path(file)
    me = player_command("forex play", named, player)
    again = player_command(
        "forex play", named, player, " ".join(command_word(option) for option in signing)
    )
    session: Any = PromptSession(history=InMemoryHistory(), complete_while_typing=False)
    completer = _completer(file, player)
    _say(f"{file} as {player}: {HELP_TEXT}")
    if not signing and _signs(file, player):
        _say(
            f"{says(player, 'signs')} {possessive(player)} moves in this game: quit and run"
            f" {player_command('forex play', named, player, '--sign')} (--key FILE, else"
            " FOREX_KEY or ~/.ssh/id_ed25519), or each decision is refused unsigned."
        )
    unkeyed = _unkeyed_seats(file, signers or {})
    if unkeyed:
        seat = unkeyed[0]
        _say(
            f"{says(seat, 'signs')} its moves in this game: quit and run"
            f" {player_command('forex play', named, player, '--sign --key-for-seat')}"
            f" {command_word(f'{seat}=FILE')}, or the loop ends"
            f" where {seat} is"
            " to move."
        )
    board_due = True
    offer_told = False  # the engine's replies just told the offer they made
    try:
        while True:
            situation = Situation(file)
            awaited = situation.awaited(player)  # the seats wait for its countersignature
            if situation.engine_decides() and awaited is None:
                replies.print_replies(
                    file, seed=seed, seconds=None, simulations=None, mover=player,
                    signers=signers,
                )  # fmt: skip
                board_due = False
                offer_told = True
                after = Situation(file)
                if (after.moves, after.offer) == (situation.moves, situation.offer):  # it waits
                    _say(f"The engine waits: the loop ends here ({me}).")
                    return 0
                continue
            if situation.over:
                if board_due:
                    _board(file)
                result = _result(file)
                if result is not None:
                    _say(result)
                return 0
            waiting = situation.offer is not None and situation.offered_to != player
            elsewhere = situation.offer is None and player not in situation.deciders
            if waiting or (elsewhere and awaited is None):
                deciders = [situation.offered_to] if waiting else situation.deciders
                others = [name for name in deciders if name]
                who = " or ".join(others)
                their = (
                    " or ".join(
                        player_command("forex play", named, other, "...") for other in others
                    )
                    or f"forex play {named} NAME ..."
                )
                if board_due:
                    _board(file)
                _say(
                    f"{says(who or 'nobody', 'decides')} next, not {player}: the loop ends here"
                    f" ({their}; then {me})"
                )
                return 0
            if board_due:
                _board(file)
            board_due = False
            if situation.offered_to == player and not offer_told:
                _answer_offer_first(situation)
            offer_told = False
            if awaited is not None:
                _say(
                    f"{says(awaited.player, 'offers')} you, as its signed move {awaited.number}:"
                    f" {awaited.text}; accept countersigns it (the agreement in a signed game),"
                    f" decline takes it out and {awaited.player} chooses again"
                )
            try:
                prompt = _prompt_text(situation, player, awaited)
                line = session.prompt(prompt, completer=completer)
            except EOFError:
                line = "quit"
            line = line.strip()
            if not line:
                continue
            word = line.lower()
            if word in QUIT_WORDS:
                _say(f"Saved: {file} holds every decision; {again} goes on.")
                return 0
            command, options = _command_of(line)
            if command in HINT_WORDS:
                _run(["hint", file, *_budget_args(seconds, simulations, seed), *options], player)
            elif command in ("moves", "show"):
                _run([command, file, *options], player)
            elif word == "rules":
                _run(["rules", "--game", Situation(file).game.name], player, file=file)
            elif word == "help":
                _say(HELP_TEXT)
                signed = _signed_help(file, player)
                if signed is not None:
                    _say(signed)
            elif word == "undo":
                _undo(file, player)
                board_due = True
            else:
                decision = _pasted(line, file, player)
                if decision is None:
                    continue
                code = _run(
                    ["play", file, player, "--seed", str(seed), *signing, "--", decision], player
                )
                if code and " " not in decision:  # a word the prompt does not know, maybe
                    _say(
                        "This prompt's own words: ? (or hint), moves, show, rules, undo, help,"
                        " quit;"
                        " anything else is a decision."
                    )
    except KeyboardInterrupt:
        _echo("")
        _say(f"Interrupted: {file} holds every decision made; {again} goes on.")
        return EXIT_INTERRUPTED
    except LogError as error:  # the file was broken under the loop (an edit by hand)
        raise ProblemExit(error.problems) from None


def _command_of(line: str) -> tuple[str, list[str]]:
    """The loop's command word of ``line`` and the options typed after it (``moves --all``,
    ``show --at 3``, ``hint --top 5``: as the command takes them); the line itself and none
    for a line whose words after the first are not options (a decision)."""
    import shlex

    head, _, rest = line.partition(" ")
    if not rest.strip():
        return line.lower(), []
    if head.lower() not in (*HINT_WORDS, "moves", "show") or not rest.lstrip().startswith("-"):
        return line.lower(), []
    try:
        return head.lower(), shlex.split(rest)
    except ValueError:
        return head.lower(), rest.split()


def _unkeyed_seats(file: str, signers: Mapping[str, Any]) -> list[str]:
    """The engine seats of ``file`` whose moves must be signed and that were given no key
    (``hosting.missing_keys``): the play stops before their moves."""
    from ..hosting import missing_keys
    from ..record import edit

    _, log, _ = edit.load_valid(file)
    return missing_keys(log, signers)


def _signed_help(file: str, player: str) -> str | None:
    """``SIGNED_HELP`` (and ``AGREEMENT_HELP`` for a game with agreements) when ``file`` is
    a signed game (``signing.signed_game``) with engine seats, else None."""
    from ..record import edit
    from ..record.seats import engine_seats
    from ..record.signing import signed_game

    _, log, _ = edit.load_valid(file)
    if not engine_seats(log.header) or not signed_game(log):
        return None
    options = "--sign --key FILE --key-for-seat SEAT=FILE"
    told = SIGNED_HELP.format(
        play=player_command("forex play", command_path(file), player, options)
    )
    if log.game.has_agreements:
        told += AGREEMENT_HELP.format(deal=log.game.agreement_words().deal)
    return told


def _signs(file: str, player: str) -> bool:
    """Whether ``player``'s moves in ``file`` must be signed (their key is in the log, or
    the header requires signatures)."""
    from ..hosting import seat_signs
    from ..record import edit

    _, log, _ = edit.load_valid(file)
    return seat_signs(log, player)


def _pasted(line: str, file: str, player: str) -> str | None:
    """The decision of ``line``: the line itself, or the DECISION of a ``forex play FILE
    PLAYER DECISION`` pasted from a hint (None, and said why, for another file or player's,
    or another command)."""
    import shlex

    if not line.startswith("forex "):
        return line
    try:
        words = shlex.split(line)
    except ValueError:
        words = line.split()
    if words[1:4] == ["play", file, player] and len(words) > 4:
        return " ".join(words[4:])
    _say(
        f"This prompt takes {possessive(player)} decisions in {file} alone, without the"
        " command: type the DECISION of"
        f" {player_command('forex play', command_path(file), player, 'DECISION')}."
    )
    return None


def _check_player(file: str, player: str) -> None:
    """A problem exit for a log that cannot be played on; a usage error for a name that is
    not a person's seat."""
    from ..record import edit
    from ..record.problems import LogError
    from ..record.seats import engine_seats
    from .common import ProblemExit

    try:
        _, log, _ = edit.load_valid(file)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    if player not in log.players:
        raise click.UsageError(
            clean(f"{player} is not a player of {file} ({', '.join(log.players)})")
        )
    if player in engine_seats(log.header):
        raise click.UsageError(
            clean(
                f"{says(player, 'is')} an engine seat of {file}: play another seat, or hand it back"
                f" to a person (forex seat)"
            )
        )


GAME_OVER = "The game is over"
"""How the loop's last line starts (``_result``)."""


def _result(file: str) -> str | None:
    """``The game is over: alice won.`` (the frame's ``pending_line``, said once); None
    when the game's compact board, which the report before it ends with, says so already
    (``The game is over: ann wins; final scores ...``)."""
    from .. import streams
    from ..record import edit
    from ..record.status import pending_line

    _, log, played = edit.load_valid(file)
    board = log.game.compact_text(played.final, min(streams.width() or 80, 80))
    if board is not None and GAME_OVER in board:
        return None
    line = pending_line(log.game, played.final)
    ended = line.removeprefix("game over").removeprefix(":").strip()
    return f"{GAME_OVER}: {ended}." if ended else f"{GAME_OVER}."
