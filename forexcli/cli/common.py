"""What the ``forex`` commands share: a log of any game read and replayed for a command
(``open_replay``), a capability the command needs of the game (``needs``), its problems
as an exit (``ProblemExit``), the options many take, a change written and its report, mail."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from .. import streams
from ..reporters import FORMATS, Style, clean, use_colour
from ..streams import OutputFailed
from ..words import moves_held
from . import echo as _echo
from . import error_json as _error_json
from . import json_text as _json_text

if TYPE_CHECKING:
    from msgspec import Struct

    from ..record.gamelog import GameLog, Replay
    from ..record.problems import Problem


F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R", bound="Struct")
T = TypeVar("T")


def replace(record: R, **changes: Any) -> R:
    """A copy of the record with ``changes`` (``msgspec.structs.replace``, imported when used)."""
    from msgspec.structs import replace as replace_fields

    return replace_fields(record, **changes)


FILE = click.Path()
FILE_OR_DASH = click.Path(allow_dash=True)
MAIL_OR_DASH = click.Path(allow_dash=True)
"""The parameter types of most arguments, made once: each ``click.Path()`` looks up the
translation of its name on disk (gettext)."""


class EditedFile(click.Path):
    """The log a command changes in place: ``-`` (standard input, which other commands
    read) is refused as a usage error that says so."""

    refusal = (
        "(standard input) cannot be changed: {command} edits the log file in place; give the"
        " file's name"
    )
    """What the usage error says after ``-``."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """``value``, unless it is ``-``."""
        if value == "-":
            command = f"forex {ctx.info_name}" if ctx is not None and ctx.info_name else "it"
            self.fail(f"- {self.refusal.format(command=command)}", param, ctx)
        return super().convert(value, param, ctx)


class NewFile(EditedFile):
    """The log ``forex new`` writes: ``-`` (which other commands read as standard input) is
    refused as a usage error (it made a file named ``-``)."""

    refusal = (
        "is not a file name here: {command} writes a new log file; give its name (with"
        " --dry-run it prints the log instead of writing it)"
    )


EDITED_FILE = EditedFile()
NEW_FILE = NewFile()


class ProblemExit(click.ClickException):
    """Problems to print on stderr (``file:line:col: code: message``) and an exit status."""

    exit_code: int  # type: ignore[misc]  # set per instance: 1 or 2

    def __init__(
        self,
        problems: Sequence[Problem],
        exit_code: int | None = None,
        *,
        as_json: bool | None = None,
    ) -> None:
        from ..reporters.problems import exit_code as code_of

        super().__init__("; ".join(p.message for p in problems))
        self.problems = list(problems)
        self.exit_code = code_of(self.problems) if exit_code is None else exit_code
        self.colour = _colour_choice()
        # JSON on stdout too for a --format json command (unless it printed its report already).
        self.as_json = _wants_json() if as_json is None else as_json

    def show(self, file: IO[Any] | None = None) -> None:
        from ..reporters.problems import problems_text

        if self.as_json:
            _error_json([p.as_dict() for p in self.problems], self.exit_code)
        stream = file if file is not None else sys.stderr
        style = Style(use_colour(stream, self.colour))
        from . import prompt_words

        said = problems_text(self.problems, style, terminal=streams.is_terminal(stream))
        text = streams.plain(prompt_words(said), stream)
        with contextlib.suppress(OSError):  # stderr itself cannot be written: the status tells
            click.echo(text, file=stream, color=True)


def _wants_json() -> bool:
    """Whether the running command was asked for ``--format json``."""
    ctx = click.get_current_context(silent=True)
    return ctx is not None and ctx.params.get("fmt") == "json"


def _colour_choice() -> str:
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if isinstance(ctx.obj, dict) and "color" in ctx.obj:
            return str(ctx.obj["color"])
        ctx = ctx.parent
    return "auto"


def stdout_style() -> Style:
    """The style for standard output: colour as ``--color`` and the terminal say."""
    return Style(use_colour(sys.stdout, _colour_choice()))


def stderr_style() -> Style:
    """The style for standard error: colour as ``--color`` and the terminal say."""
    return Style(use_colour(sys.stderr, _colour_choice()))


def read_stdin(limit: int | None = None) -> bytes:
    """Standard input's bytes, up to one byte past ``limit`` (by default the largest log: to
    tell it is too large); a standard input that is closed or cannot be read raises
    ``LogError`` (``unreadable``), as a file would."""
    from ..record.files import MAX_LOG_BYTES
    from ..record.problems import LogError

    why = "it is closed"
    if sys.stdin is not None:
        try:
            data: bytes = sys.stdin.buffer.read((MAX_LOG_BYTES if limit is None else limit) + 1)
            return data
        except (OSError, ValueError) as error:
            why = getattr(error, "strerror", None) or str(error)
    raise LogError([stdin_problem(why, "the log", "name the file instead of -")])


def stdin_problem(why: str, what: str, instead: str) -> Problem:
    """The ``unreadable`` problem of a standard input that cannot be read (``why``), for a
    command that reads ``what`` from it and could be told ``instead``."""
    from ..record.problems import Problem

    return Problem(
        "unreadable",
        f"cannot read standard input: {why}",
        "io",
        "<stdin>",
        hints=(f"give {what} on standard input (- < FILE), or {instead}",),
    )


def read_any(path: str) -> GameLog:
    """Read and check a log of any game (``-`` reads standard input); raises ``LogError``."""
    from ..record.files import MAX_LOG_BYTES
    from ..record.gamelog import load
    from ..record.gamelog import read_log as read_data
    from ..record.problems import LogError, Problem

    if path == "-":
        data = read_stdin()
        if len(data) > MAX_LOG_BYTES:
            raise LogError(
                [Problem("too_large", "standard input is too large for a log", "io", "<stdin>")]
            )
        return read_data(data, "<stdin>")
    return load(path)


def open_replay(path: str, *, warn: bool = True) -> tuple[GameLog, Replay]:
    """Read, check and replay a log of any game (``-`` reads standard input); problems exit,
    recorded digests that no longer match and bad signatures are warned of (unless not
    ``warn``: the caller tells them, ``trust_problems``)."""
    from ..record.gamelog import replay
    from ..record.problems import LogError

    try:
        log = read_any(path)
        played = replay(log)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    if warn:
        _warn(log, played)
    return log, played


def warn_of(played: Replay) -> None:
    """``open_replay``'s warnings for a replay made otherwise (a change checked before it is
    written): recorded digests that no longer match, and signature problems."""
    _warn(played.log, played)


def trust_problems(log: GameLog, played: Replay) -> list[Problem]:
    """Recorded digests that no longer match and signature problems (a move changed after it
    was signed told once), as ``open_replay`` warns of them."""
    # Digests and signatures only where the log has some (their modules cost start-up).
    mismatch = None
    problems: list[Problem] = []
    if any(entry.digest is not None for entry in log.entries):
        from ..record.digests import check_digests

        mismatch = check_digests(played)
        problems = [mismatch] if mismatch is not None else []
    if log.header.get("keys") or any(entry.sig for entry in log.entries):
        from ..record.signing import check_signatures, one_edit

        # A move changed after it was signed is one warning, not one per later signature.
        problems = one_edit(played, mismatch, check_signatures(played))[0]
    return problems


def _warn(log: GameLog, played: Replay) -> None:
    """Recorded digests that no longer match, and signature problems, as warnings on
    stderr: shown, but not fatal (the moves still replay by the rules)."""
    problems = trust_problems(log, played)
    if problems:
        from ..reporters.problems import problem_text

        # Shown, but not fatal: the moves still replay by the rules.
        style = stderr_style()
        terminal = streams.is_terminal(sys.stderr)
        for problem in problems:
            _echo(problem_text(problem, style, terminal=terminal, warning=True), err=True)


def move_point(total: int, at: int | None, name: str, option: str = "--at") -> int:
    """A move number from ``--at``/``--since`` (negative counts from the end)."""
    if at is None:
        return total
    point = total + at if at < 0 else at
    if not 0 <= point <= total:
        raise click.BadParameter(
            f"there is no move {at} in {clean(name)}: it has {moves_held(total)} (0 is the"
            " start, -1 the move before the last)",
            param_hint=f"'{option}'",
        )
    return point


def format_option(choices: Sequence[str] = FORMATS) -> Callable[[F], F]:
    """The ``--format`` option (text by default) with ``choices``."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(list(choices)),
        default="text",
        show_default=True,
        help="Output format: " + ", ".join(choices) + ".",
    )


def print_json(data: Any) -> None:
    """Print ``data`` as JSON on standard output."""
    _echo(_json_text(data))


def commit_change(change: Any) -> Any:
    """Write a change composed with ``dry_run=True`` (``edit.commit``); problems exit."""
    from ..record import edit
    from ..record.problems import LogError

    try:
        return edit.commit(change)
    except LogError as error:
        raise ProblemExit(error.problems) from None


def commit_reported(change: Any, report: str, what: str, path: str) -> None:
    """Write a change composed with ``dry_run=True`` and print ``report`` (made ready for the
    stream before the file is replaced); see ``print_written`` for ``what``."""
    out = encoded_output([(report, False)])
    commit_change(change)
    print_written(out, what, path)


EXIT_WRITTEN_UNREPORTED = 3
"""Exit status: the file was changed, but what the command had to say could not be printed."""


class WrittenUnreported(click.ClickException):
    """A change was written, then printing its report failed: say plainly that it stands."""

    exit_code = EXIT_WRITTEN_UNREPORTED

    def __init__(self, what: str, path: str, failure: OutputFailed, *, log: bool = True) -> None:
        from ..record.problems import command_path

        see = f": see it with forex show {command_path(path)}" if log else ""
        super().__init__(
            f"{clean(path)}: written_unreported: {what} WAS written to {clean(path)}, but its"
            f" report could not be printed ({failure}); do not repeat it{see}"
        )

    def show(self, file: IO[Any] | None = None) -> None:
        stream = file if file is not None else sys.stderr
        with contextlib.suppress(OSError, ValueError):
            stream.write(streams.plain(self.message, stream) + "\n")
            stream.flush()
        streams.silence_stdout()


def encoded_output(out: Sequence[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """``out`` (text, to stderr) as the streams will carry it: called before a file is
    replaced, so that no encoding is left to do (or fail) after it."""
    return [(streams.plain(text, sys.stderr if err else sys.stdout), err) for text, err in out]


def print_written(
    out: Sequence[tuple[str, bool]], what: str, path: str, *, log: bool = True
) -> None:
    """Print what a command that has changed ``path`` (a log unless ``log`` is False) has to
    say; if that fails, the command ends with exit status 3, saying that ``what`` was written."""
    try:
        for text, err in out:
            _echo(text, err=err)
    except OutputFailed as failure:
        raise WrittenUnreported(what, path, failure, log=log) from None


key_option = click.option(
    "--key",
    "key_file",
    metavar="FILE",
    type=FILE,
    help="The OpenSSH private key to sign with [FOREX_KEY, ~/.ssh/id_ed25519].",
)
"""``--key FILE`` of the commands that sign (``play --sign``, ``sign``)."""


recipients_option = click.option(
    "--to",
    "recipients",
    type=click.Choice(("all", "next")),
    default="all",
    show_default=True,
    help="Whom the --eml mail is addressed to: all (To: the next decider, Cc: every other"
    " player with a mail address, but the sender) or next (To: the next decider alone).",
)
"""``--to all|next`` of the commands that write a mail (``play --eml``, ``message --eml``)."""


def _passphrase(path: str) -> Callable[[], bytes | None]:
    """Ask for the passphrase of key ``path`` (FOREX_PASSPHRASE, else a prompt without echo)."""

    def ask() -> bytes | None:
        import getpass
        import warnings

        from ..record.keys import ENV_PASSPHRASE, no_terminal
        from ..record.problems import LogError

        given = os.environ.get(ENV_PASSPHRASE)
        if given is not None:
            return given.encode("utf-8")
        try:
            with warnings.catch_warnings():
                # Without a terminal, getpass would warn and read standard input, echoed.
                warnings.simplefilter("error", getpass.GetPassWarning)
                text: str = click.prompt(
                    f"Passphrase for {clean(path)}",
                    hide_input=True,
                    default="",
                    show_default=False,
                    err=True,
                )
        except (getpass.GetPassWarning, click.Abort):
            raise LogError([no_terminal(path)]) from None
        return text.encode("utf-8")

    return ask


def signer_for(name: str, key_file: str | None) -> Any:
    """A ``signing.Signer`` for ``name`` with the key of ``--key``/FOREX_KEY/~/.ssh/id_ed25519."""
    from ..record.keys import key_path, load_private_key
    from ..record.problems import LogError
    from ..record.signing import Signer

    path = key_path(key_file)
    try:
        key = load_private_key(path, _passphrase(path))
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    comment = ""
    try:
        with open(path + ".pub", encoding="utf-8", errors="replace") as handle:
            comment = " ".join(handle.read(4096).split()[2:])
    except OSError:
        pass
    return Signer(name, key, comment)


SEAT_KEYS_PARAM = "'--key-for-seat'"


def seat_signers(specs: Sequence[str]) -> dict[str, Any]:
    """The signers of ``--key-for-seat SEAT=FILE`` (seat -> ``signing.Signer``), one
    implementation for ``play`` and ``read --reply``: a usage error for a spec without
    ``SEAT=`` or ``=FILE`` or a seat given twice; a problem exit (status 2) for a key file
    that cannot be read or is no private key."""
    from ..record.problems import command_word
    from ..words import possessive

    signers: dict[str, Any] = {}
    for spec in specs:
        seat, _, path = spec.partition("=")
        seat = seat.strip()
        if not seat or not path:
            raise click.BadParameter(
                f"{clean(spec)}: give SEAT=FILE (the engine seat and its private key file)",
                param_hint=SEAT_KEYS_PARAM,
            )
        if seat in signers:
            raise click.BadParameter(
                f"{clean(seat)} is given twice: give one key for each engine seat",
                param_hint=SEAT_KEYS_PARAM,
            )
        try:
            signers[seat] = signer_for(seat, path)
        except ProblemExit as failed:
            hint = (
                f"give {clean(possessive(seat))} private key:"
                f" --key-for-seat {command_word(f'{seat}=FILE')}"
            )
            raise ProblemExit(
                [replace(problem, hints=(hint,)) for problem in failed.problems],
                exit_code=2,
            ) from None
    return signers


def refuse_strangers(log: Any, signers: dict[str, Any], file: str) -> None:
    """A usage error (before anything is written) for a ``--key-for-seat`` that names no
    engine seat of ``log``."""
    from ..record.seats import engine_seats

    seats = engine_seats(log.header)
    strangers = [seat for seat in signers if seat not in seats]
    if strangers:
        raise click.BadParameter(
            f"{clean(', '.join(strangers))}: not an engine seat of {clean(file)}"
            f" ({clean(', '.join(seats)) or 'it has none: forex seat hands one over'});"
            f" {clean(file)} is unchanged",
            param_hint=SEAT_KEYS_PARAM,
        )


def refuse_wrong_seat_keys(log: Any, signers: dict[str, Any]) -> None:
    """Exit (``wrong_key``, before anything is written) when a ``--key-for-seat`` key is not
    the key ``log``'s header holds for its seat (``signing.Signer.header_key``), or is the
    key it holds for another player (a seat signing with a person's key would forge)."""
    from ..record.keys import fingerprint, same_key
    from ..record.problems import LogError, Problem, command_word
    from ..record.signing import header_keys
    from ..words import possessive

    keys, _ = header_keys(log)
    for seat, signer in signers.items():
        hint = (
            f"give {clean(possessive(seat))} own key: --key-for-seat {command_word(f'{seat}=FILE')}"
        )
        try:
            signer.header_key(log)
        except LogError as error:
            raise ProblemExit(
                [replace(problem, hints=(hint,)) for problem in error.problems]
            ) from None
        public = signer.key.public_key()
        for other, known in keys.items():
            if other != seat and known.key is not None and same_key(known.key, public):
                said = (
                    f"the key given for {seat} ({fingerprint(public)}) is"
                    f" {possessive(other)} key in the log, not {possessive(seat, alone=True)};"
                    " nothing was written"
                )
                raise ProblemExit(
                    [Problem("wrong_key", clean(said), "signature", log.filename, hints=(hint,))]
                )


def last_move_before(played: Replay, player: str, at: int) -> int:
    """``player``'s last decision at or before move ``at`` (0 when none); a usage error for
    a name that is not a player."""
    if player not in played.log.players:
        players = ", ".join(played.log.players)
        raise click.BadParameter(
            f"{clean(player)!r} is not a player of this game ({clean(players)})",
            param_hint="'--since-player'",
        )
    for entry in reversed(played.log.entries[: min(at, played.moves)]):
        if entry.player == player:
            return entry.number
    return 0


def mail_of(
    played: Replay,
    since: int | None,
    file: str,
    *,
    with_log: bool = False,
    to: str = "all",
    sender: str | None = None,
) -> Any:
    """The mail about ``played`` since move ``since`` (``mail.compose_mail``, addressed to
    ``to``: ``all`` or ``next``, from ``sender``); problems exit."""
    from ..record.mail import compose_mail, log_filename
    from ..record.mail import with_log as embedded
    from ..record.problems import LogError

    try:
        mail = compose_mail(played, since, filename=log_filename(file), to=to, sender=sender)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    if with_log:
        body = mail.get_body(("plain",))
        alternative = mail.get_body(("markdown",))
        for part, fmt in ((body, "text"), (alternative, "markdown")):
            if part is not None:
                text = part.get_content()
                try:
                    content = embedded(text, played.log.text, fmt, log_filename(file))
                except ValueError as error:
                    raise click.UsageError(f"--with-log: {error}; attach the log instead") from None
                part.set_content(content, subtype="plain" if fmt == "text" else "markdown")
    return mail


def write_mail(path: str, mail: Any, *, quiet: bool = False) -> None:
    """Write a mail to ``path`` (an .eml, never replacing a file) or standard output (``-``)."""
    from ..record.files import write_output
    from ..record.mail import mail_bytes
    from ..record.problems import LogError

    data = mail_bytes(mail)
    if path == "-":
        streams.write_bytes(data)
        return
    out: list[tuple[str, bool]] = []
    if not quiet:
        to, cc = mail["To"], mail["Cc"]
        where = f" (To: {clean(str(to))})" if to else " (no To: the next player has no address)"
        if cc:
            where = f"{where[:-1]}; Cc: {clean(str(cc))})"
        out = encoded_output([(f"wrote the mail to {clean(path)}{where}", False)])
    try:
        write_output(path, data, refusal="nothing was written; name a new file")
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    print_written(out, "the mail", path, log=False)


def _logs_in(folder: str, unreadable: Callable[[OSError], Problem]) -> list[str | Problem]:
    """The *.yaml and *.yml files in ``folder`` and the folders in it, in name order, hidden
    ones skipped, and the problem (``unreadable``) of a folder in it that cannot be read
    where that folder comes.  A link to a folder is searched like a folder, unless where it
    leads is searched already (a folder of the tree, or one reached by a link before): no
    file twice, no endless loop."""
    searched = [os.path.realpath(folder)]

    def searched_already(real: str) -> bool:
        return any(os.path.commonpath([real, done]) == done for done in searched)

    found: list[str | Problem] = []

    def refused(error: OSError) -> None:  # (called as the walk comes to the folder)
        found.append(unreadable(error))

    for root, dirs, names in os.walk(folder, onerror=refused, followlinks=True):
        kept = []
        for name in sorted(dirs):
            if name.startswith("."):
                continue
            inner = os.path.join(root, name)
            if os.path.islink(inner):
                real = os.path.realpath(inner)
                if searched_already(real):
                    continue
                searched.append(real)
            kept.append(name)
        dirs[:] = kept
        found.extend(
            os.path.join(root, name)
            for name in sorted(names)
            if not name.startswith(".") and name.endswith((".yaml", ".yml"))
        )
    return found


def named_logs(paths: Sequence[str]) -> list[str | Problem]:
    """The files to check, in the order named: files as given, folders searched for *.yaml
    and *.yml in their place, each file once (by its device and inode, as first named); and
    where they were named or found, the problems of the paths that are not there and of the
    folders that cannot be read."""
    named: list[str | Problem] = []
    seen: set[object] = set()

    def add(name: str) -> None:
        try:  # the file itself (a link, another spelling of its path, a hard link: once)
            status = os.stat(name)
            identity: object = (status.st_dev, status.st_ino)
        except OSError:  # (its problem is told when it is checked)
            identity = os.path.abspath(name)
        if identity not in seen:
            seen.add(identity)
            named.append(name)

    def unreadable(error: OSError) -> Problem:
        # (imported here: validate starts its processes before the records are needed)
        from ..record.problems import Problem

        folder = os.fspath(error.filename) if error.filename is not None else path
        return Problem(
            "unreadable",
            f"cannot read the folder {folder}: {error.strerror or error}",
            "io",
            folder,
            hints=("check the folder's permissions: none of its files was checked",),
        )

    for path in paths:
        if path == "-":
            named.append(path)
            continue
        if os.path.isdir(path):
            for found in _logs_in(path, unreadable):
                if isinstance(found, str):
                    add(found)
                else:
                    named.append(found)
            continue
        if not os.path.lexists(path):
            # (imported here: validate starts its processes before the records are needed)
            from ..record.files import missing_hints
            from ..record.problems import Problem

            message = f"no such file or folder: {path}"
            hints = missing_hints(path, folders=True)
            named.append(Problem("not_found", message, "io", path, hints=hints))
            continue
        add(path)
    return named


def collect_logs(paths: Sequence[str]) -> tuple[list[str], list[Problem]]:
    """The files to check (``named_logs``), and apart the problems of the paths that are not
    there and of the folders that cannot be read."""
    named = named_logs(paths)
    return [n for n in named if isinstance(n, str)], [n for n in named if not isinstance(n, str)]


# A log of any game opened for a command that shows it: replayed and checked up to a move,
# and the game's view (``games.base.ShowsText`` ...) asked for, or refused cleanly.


def file_word(file: str) -> str:
    """The log ``file`` as a command that a message prints takes it (``command_word``;
    ``FILE`` for standard input, ``-``)."""
    from ..record.problems import command_path

    return "FILE" if file in ("-", "<stdin>") else command_path(file)


def replayed(path: str) -> Replay:
    """The replay of a log of any game (``common.open_replay``); problems exit."""
    return open_replay(path)[1]


def point_of(played: Replay, at: int | None, path: str) -> int:
    """Move ``at`` of the log (negative counts from the end, None the last); an illegal entry
    at or before it exits, with the hint to look at the game before it."""
    point = move_point(len(played.log.entries), at, path)
    problem = played.problem
    if problem is not None and problem.entry is not None and point >= problem.entry:
        from ..record.problems import command_path

        shown = f"forex show {command_path(path)} --at {problem.entry - 1}"
        hint = f"the game up to the move before it: {shown}"
        raise ProblemExit([replace(problem, hints=(*problem.hints, hint))])
    return point


def since_of(
    played: Replay,
    point: int,
    since: int | None,
    since_player: str | None,
    path: str,
    total: int | None = None,
) -> int | None:
    """The move ``--since N`` or ``--since-player NAME`` (that player's last move at or before
    ``point``) names, checked against the move shown; ``--since`` counts from the end over
    ``total`` moves (all the log's entries when None)."""
    if since_player is not None:
        players = played.log.players
        if since_player not in players:
            raise click.BadParameter(
                f"{clean(since_player)!r} is not a player of this game"
                f" ({clean(', '.join(players))})",
                param_hint="'--since-player'",
            )
        entries = played.log.entries[:point]
        return next((e.number for e in reversed(entries) if e.key == since_player), 0)
    if since is None:
        return None
    moves = len(played.log.entries) if total is None else total
    found = move_point(moves, since, path, "--since")
    if found > point:
        raise click.BadParameter(
            f"--since {since} is after the move shown ({point})", param_hint="'--since'"
        )
    return found


def view_of(log: GameLog, view: Callable[..., T], command: str, hint: str) -> Callable[..., T]:
    """``view`` (a method of the game of ``log``) called through ``asked``; what the game does
    not offer (``games.base.NotOffered``) is refused with ``not_for_game``, placed at the
    log's ``game:``, with ``hint``."""
    from ..games.defaults import NotOffered

    def called(*args: Any, **kwargs: Any) -> T:
        try:
            return asked(view, *args, **kwargs)
        except NotOffered as missing:
            raise not_offered(log, command, missing.what, hint) from None

    return called


def not_offered(log: GameLog, command: str, what: str, hint: str) -> ProblemExit:
    """The ``not_for_game`` refusal of ``command`` (``what`` the game does not offer), for
    the game of ``log``: exit status 2.  Its hints are a user's: ``hint`` (what to run
    instead), then what every game's log takes (``moves``, ``history``)."""
    from ..record.problems import Problem

    game = log.game
    named = file_word(log.filename)
    line, column = log.place(("game",)) or (None, None)
    problem = Problem(
        "not_for_game",
        f"{command}: {what} is not offered for {game.title} logs (game: {game.name})",
        "usage",
        log.filename,
        line,
        column,
        hints=(
            hint,
            f"what every game offers: the legal decisions, forex moves {named}; the moves"
            f" played, forex history {named}",
        ),
    )
    return ProblemExit([problem], exit_code=2)


def asked(view: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``view(*args, **kwargs)``; what it refuses (``games.ViewRefused``) is a usage error,
    of the option it names."""
    from ..games import ViewRefused

    try:
        return view(*args, **kwargs)
    except ViewRefused as refused:
        hints = tuple(clean(hint) for hint in refused.hints)
        if refused.option is None:
            raise RefusedUsage(clean(refused.reason), hints=hints) from None
        raise RefusedParameter(
            clean(refused.reason), param_hint=f"'{refused.option}'", hints=hints
        ) from None


class RefusedUsage(click.UsageError):
    """A usage error with ``hints`` (what to do instead), printed under it as a problem's."""

    def __init__(self, message: str, *, hints: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.hints = tuple(hints)


class RefusedParameter(click.BadParameter):
    """A bad value of an option with ``hints``, printed under it as a problem's."""

    def __init__(self, message: str, *, param_hint: str, hints: Sequence[str] = ()) -> None:
        super().__init__(message, param_hint=param_hint)
        self.hints = tuple(hints)


def with_seat_lines(
    text: str, log: Any, file: str, *, offer_only: bool = False, width: int | None = None
) -> str:
    """``text`` and, below it, the engine seats and the open offer (``seats.header_lines``;
    the offer alone with ``offer_only``), each wrapped at spaces to ``width`` (a command
    kept whole; as they are when ``width`` is None, as markdown is)."""
    if log.header.get("engines") is None and log.header.get("offer") is None:
        return text
    from ..record.seats import header_lines

    lines = header_lines(log, file)
    if offer_only:
        lines = [line for line in lines if line.startswith("Open offer")]
    if not lines:
        return text
    from ..reporters.tables import fitted_commands

    said = "\n".join(fitted_commands(clean(line), width) for line in lines)
    return text.rstrip("\n") + "\n\n" + said + "\n"


def compact_board(played: Replay) -> tuple[str | None, str | None]:
    """The game's compact board of the replay's last state at 80x24 (``Game.compact_text``;
    None: the game has none), and who answers the open offer that waits there
    (``seats.offer_awaited``; None: none waits), which the board's ``Next:`` then says
    instead of the player whose turn it is."""
    from ..record.seats import offer_awaited

    game, width = played.log.game, min(streams.width() or 80, 80)
    offer = offer_awaited(played.log, len(played.log.entries))
    if offer is None:  # as a game written before next_words is called
        return game.compact_text(played.final, width), None
    return game.compact_text(played.final, width, next_words=offer), offer


def awaited_answers(played: Replay, file: str) -> tuple[str, ...]:
    """In a signed game, each engine seat's offer that awaits a person's countersignature
    (``replies.awaited_offer``) with the person's answers, a sentence each: ``move 1:
    computer's DEAL with you awaits your signature; you accept by countersigning it: forex
    play FILE you accept --sign --key FILE ...; or decline it: ...``
    (``seats.offer_answers_hint``); () without one (nothing imported for a log without
    engine seats)."""
    log = played.log
    if not log.header.get("engines"):
        return ()
    from ..record.problems import command_path
    from ..record.seats import engine_offer_awaits, offer_answers_hint
    from ..record.signing import awaiting_text
    from ..replies import awaited_offer

    found = []
    for person in log.players:
        entry = awaited_offer(played, person)
        if entry is not None and engine_offer_awaits(log, entry.number, person):
            answers = offer_answers_hint(log, person, command_path(file))
            found.append(f"{awaiting_text(log, entry.number, person)}; {answers}")
    return tuple(found)


def awaited_answers_data(played: Replay, file: str) -> dict[str, Any]:
    """``awaited_answers`` as ``forex moves --format json`` adds them: the ``decider`` (the
    person whose countersignature the engine seat's offer awaits, who decides before the
    seat next in turn) and the ``answers`` (each ``answer``, what it ``does`` and the
    ``command`` that gives it), as while an unsigned game's offer waits; {} without one."""
    log = played.log
    if not log.header.get("engines"):
        return {}
    from ..record.problems import command_path
    from ..record.seats import (
        accept_command,
        decline_command,
        engine_offer_awaits,
        mailed_seats,
        signing_seats,
    )
    from ..replies import awaited_offer

    for person in log.players:
        entry = awaited_offer(played, person)
        if entry is None or not engine_offer_awaits(log, entry.number, person):
            continue
        named, seats, mailed = command_path(file), signing_seats(log), bool(mailed_seats(log))
        accepts = f"countersigns move {entry.number}: the deal is agreed, and the seats play on"
        declines = (
            f"takes move {entry.number} out (it never took effect), and"
            f" {entry.player} chooses again without it"
        )
        return {
            "decider": person,
            "answers": [
                {"answer": "accept", "does": accepts,
                 "command": accept_command(named, person, seats, mailed=mailed)},
                {"answer": "decline", "does": declines,
                 "command": decline_command(named, person, seats, mailed=mailed)},
            ],
        }  # fmt: skip
    return {}


def engine_turn_words(log: Any, played: Replay, file: str) -> tuple[str, ...]:
    """For each engine seat that decides next in ``played`` (no offer waiting): how it
    decides, ``computer is an engine seat; let it decide: forex play FILE computer
    --engine``, or for a seat with a mail address (its host's, in a game by mail) that
    its host plays it; nothing plays an engine seat until asked."""
    from ..hosting import seat_signs
    from ..record.mail import address_of, contact_of
    from ..record.problems import command_path, player_command
    from ..record.seats import engine_seats
    from ..words import says

    seats = engine_seats(log.header)
    if not seats or log.header.get("offer") is not None or awaited_answers(played, file):
        return ()  # an answer waits first: the seat's move would be refused
    due = [name for name in log.game.pending(played.final).deciders if name in seats]
    return tuple(
        f"{says(clean(name), 'is')} an engine seat its host plays: wait for the mail from"
        f" {clean(address)}"
        if (address := address_of(contact_of(log, name)))
        else f"{says(clean(name), 'is')} an engine seat; let it decide:"
        " "
        + player_command(
            "forex play",
            command_path(file),
            name,
            "--engine" + (" --sign --key FILE" if seat_signs(log, name) else ""),
        )
        for name in due
    )


def with_seat_data(data: Any, log: Any, file: str) -> Any:
    """``data`` (a JSON object) with the header's engine seats and open offer
    (``seats.seats_data``: ``engines``, ``offer``) when the log holds them."""
    if not isinstance(data, dict) or (
        log.header.get("engines") is None and log.header.get("offer") is None
    ):
        return data
    from ..record.seats import seats_data

    return {**data, **seats_data(log, file)}


def to_the_people(mail: Any, played: Replay) -> Any:
    """``mail`` addressed to every person (a player the engine does not play) when the game
    of ``played`` is over: nobody decides next, and each wants the result."""
    from ..record.mail import address_of, contact_of
    from ..record.seats import engine_seats

    log = played.log
    if not log.game.pending(played.final).over:
        return mail
    engines = engine_seats(log.header)
    people = [name for name in log.players if name not in engines]
    found = [address_of(contact_of(log, name)) for name in people]
    addresses = [address for address in found if address]
    if addresses:
        del mail["To"]
        mail["To"] = ", ".join(addresses)
    return mail
