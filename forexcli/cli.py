"""The ``forex`` command: a thin click layer over the log library and the reporters.

Each command parses its options, calls a library function, picks a reporter
and returns an exit status: 0 ok, 1 an invalid log or an illegal move, 2 a
usage error, a path that cannot be read or an output that cannot be written,
3 a file was changed but what the command had to print could not be (the
change stands), 141 the reader of standard output went away (quietly).  Every problem is printed on
stderr as ``file:line:col: code: message``; nothing here prints a traceback
for a problem a user can cause, and a failing command changes no file.

Only click and the standard library are imported at start-up: the library
(and with it ruamel, jsonschema, tabulate) is imported by the commands that
need it, so that ``forex --help`` and shell completion stay fast.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable, Sequence
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from . import __version__, streams
from .reporters import FORMATS, Style, clean, use_colour
from .streams import OutputFailed

if TYPE_CHECKING:
    from msgspec import Struct

    from .record.gamelog import GameLog, Replay
    from .record.problems import Problem
    from .reporters.game import View
    from .reporters.problems import FileReport

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R", bound="Struct")


def replace(record: R, **changes: Any) -> R:
    """A copy of the record with ``changes`` (``msgspec.structs.replace``, imported when used)."""
    from msgspec.structs import replace as replace_fields

    return replace_fields(record, **changes)


KINDS = ("resolve", "invest", "contract", "divest", "sell", "strengthen", "strongest", "spot")

GAMES = ("for-ex", "world-exchangers")
"""The games of ``forexcli.games`` (kept here so that start-up does not import it; a test
keeps them equal)."""

MESSAGE_FORMATS = ("text", "markdown", "bbcode")
"""The formats of ``forexcli.message`` (kept here so that start-up does not import it)."""

FILE = click.Path(dir_okay=False)
FILE_OR_DASH = click.Path(dir_okay=False, allow_dash=True)
"""The parameter types of most arguments, made once: each ``click.Path()`` looks up the
translation of its name on disk (gettext), which made a tenth of this module's import."""

EPILOG = """\b
Exit status: 0 ok; 1 an invalid log or an illegal move; 2 a usage error, a
path that cannot be read or an output that cannot be written; 3 a file was
changed but the report could not be printed (the change stands).
\b
Colour is used only on a terminal, and never when NO_COLOR is set.
Shell completion: eval "$(forex completion bash)" (or zsh, fish).
See forex(1) for the log format and examples."""


# --------------------------------------------------------------------------- plumbing


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
        from .reporters.problems import exit_code as code_of

        super().__init__("; ".join(p.message for p in problems))
        self.problems = list(problems)
        self.exit_code = code_of(self.problems) if exit_code is None else exit_code
        self.colour = _colour_choice()
        # JSON on stdout too for a --format json command (unless it printed its report already).
        self.as_json = _wants_json() if as_json is None else as_json

    def show(self, file: IO[Any] | None = None) -> None:
        from .reporters.problems import problems_text

        if self.as_json:
            _error_json([p.as_dict() for p in self.problems], self.exit_code)
        stream = file if file is not None else sys.stderr
        style = Style(use_colour(stream, self.colour))
        text = streams.plain(problems_text(self.problems, style), stream)
        with contextlib.suppress(OSError):  # stderr itself cannot be written: the status tells
            click.echo(text, file=stream, color=True)


ERROR_FORMAT = "forex-error"
"""The ``format`` of the JSON a ``--format json`` command prints on stdout when it fails."""


def _wants_json() -> bool:
    """Whether the running command was asked for ``--format json``."""
    ctx = click.get_current_context(silent=True)
    return ctx is not None and ctx.params.get("fmt") == "json"


def _asks_json(args: Sequence[str]) -> bool:
    """Whether command-line ``args`` ask for ``--format json`` (before they are parsed)."""
    for index, arg in enumerate(args):
        if arg == "--":
            break
        following = args[index + 1 : index + 2]
        if arg == "--format=json" or (arg == "--format" and following == ["json"]):
            return True
    return False


def _error_json(problems: list[dict[str, Any]], status: int) -> None:
    """The problems of a failed ``--format json`` command as JSON on stdout (the same problem
    objects as ``validate --format json``); the text goes to stderr as always."""
    data = {"format": ERROR_FORMAT, "version": 1, "exit_status": status, "problems": problems}
    with contextlib.suppress(OutputFailed):
        _echo(_json_text(data))


class JsonUsageError(click.UsageError):
    """A usage error of a ``--format json`` command: JSON on stdout, the usage on stderr."""

    def show(self, file: IO[Any] | None = None) -> None:
        from .record.problems import Problem

        command = self.ctx.command_path if self.ctx is not None else "forex"
        problem = Problem("usage_error", self.format_message(), "usage", command)
        _error_json([problem.as_dict()], self.exit_code)
        with contextlib.suppress(OSError):
            super().show(file)


def _colour_choice() -> str:
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if isinstance(ctx.obj, dict) and "color" in ctx.obj:
            return str(ctx.obj["color"])
        ctx = ctx.parent
    return "auto"


def _out_style() -> Style:
    return Style(use_colour(sys.stdout, _colour_choice()))


def _echo(text: str, *, err: bool = False) -> None:
    """Print ``text`` (a line break added if it has none) on stdout, or stderr with ``err``.

    Characters the stream cannot carry are written as plain fallbacks
    (``streams.plain``); a write that fails raises ``OutputFailed``.
    """
    if not text:
        return
    stream = sys.stderr if err else sys.stdout
    text = streams.plain(text, stream)
    try:
        # Colour codes are added only when wanted (see use_colour), so click must not strip them.
        click.echo(text, file=stream, nl=not text.endswith("\n"), color=True)
    except OSError as error:
        raise OutputFailed(error, "standard error" if err else "standard output") from None


def _read_stdin() -> bytes:
    from .record.gamelog import MAX_LOG_BYTES

    data: bytes = sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
    return data


def read_log(path: str) -> GameLog:
    """Read and check a log against the schema (``-`` reads standard input).

    Raises ``LogError``.
    """
    from .record.gamelog import MAX_LOG_BYTES, load, parse_log
    from .record.problems import LogError, Problem

    if path == "-":
        data = _read_stdin()
        if len(data) > MAX_LOG_BYTES:
            raise LogError(
                [Problem("too_large", "standard input is too large for a log", "io", "<stdin>")]
            )
        return parse_log(data, "<stdin>")
    return load(path)


def load_replay(path: str) -> tuple[GameLog, Replay]:
    """Read, check and replay a log (``-`` reads standard input); problems exit."""
    from .record.gamelog import OtherGame, replay
    from .record.problems import LogError

    try:
        log = read_log(path)
        played = replay(log)
    except OtherGame as other:
        raise OtherGameExit(other, path) from None
    except LogError as error:
        raise ProblemExit(error.problems) from None
    # Digests and signatures only where the log has some (their modules cost start-up).
    if any(entry.digest is not None for entry in log.entries):
        from .record.digests import check_digests
        from .reporters.problems import problem_text

        mismatch = check_digests(played)
        if mismatch is not None:
            # Shown, but not fatal: the moves still replay by the rules.
            style = Style(use_colour(sys.stderr, _colour_choice()))
            _echo(style.warning("warning: ") + problem_text(mismatch, style), err=True)
    if log.header.get("keys") or any(entry.sig for entry in log.entries):
        from .record.signing import check_signatures
        from .reporters.problems import problem_text

        style = Style(use_colour(sys.stderr, _colour_choice()))
        for problem in check_signatures(played).errors:
            _echo(style.warning("warning: ") + problem_text(problem, style), err=True)
    return log, played


def _for_ex_replay(path: str, what: str) -> tuple[GameLog, Replay]:
    """``load_replay`` for a feature only For-Ex has: another game's log is refused with
    ``not_yet_for_game``, naming the feature."""
    try:
        return load_replay(path)
    except OtherGameExit as other:
        raise _for_ex_only(other, what) from None


def _point(total: int, at: int | None, name: str, option: str = "--at") -> int:
    """A move number from ``--at``/``--since`` (negative counts from the end)."""
    if at is None:
        return total
    point = total + at if at < 0 else at
    if not 0 <= point <= total:
        raise click.BadParameter(
            f"there is no move {at} in {clean(name)}: it has {total} (0 is the start,"
            " -1 the move before the last)",
            param_hint=f"'{option}'",
        )
    return point


def _view(path: str, at: int | None) -> View:
    """The game after entry ``at`` (all legal entries when None); an illegal one before exits."""
    from .reporters.game import View

    log, played = load_replay(path)
    point = _point(len(log.entries), at, path)
    problem = played.problem
    if problem is not None and problem.entry is not None and point >= problem.entry:
        hint = f"the game up to the move before it: forex show {path} --at {problem.entry - 1}"
        raise ProblemExit([replace(problem, hints=(*problem.hints, hint))])
    return View(log, played, point)


def _format_option(choices: Sequence[str] = FORMATS) -> Callable[[F], F]:
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(list(choices)),
        default="text",
        show_default=True,
        help="Output format: " + ", ".join(choices) + ".",
    )


def _json_text(data: Any) -> str:
    """``data`` as indented JSON; non-ASCII characters as ``\\u`` escapes when standard output
    cannot carry them (so that nothing is lost to a fallback)."""
    import json

    text = json.dumps(data, indent=2, ensure_ascii=False)
    if not streams.can_encode(text, sys.stdout):
        text = json.dumps(data, indent=2, ensure_ascii=True)
    return text


def _json(data: Any) -> None:
    _echo(_json_text(data))


def _contact(log: GameLog, player: str | None) -> str | None:
    contacts = log.header.get("contacts")
    if player is None or not isinstance(contacts, dict):
        return None
    address = contacts.get(player)
    return address if isinstance(address, str) else None


# --------------------------------------------------------------------------- group


HELP_MAX_WIDTH = 100
"""The help is never wider than this, however wide the terminal."""

_OUTPUT_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT})
"""The errors of a write to standard output (click's own help and usage text included)."""


class ForexGroup(click.Group):
    """The ``forex`` group: usage errors never print control characters from the arguments;
    a bare ``forex`` prints the help (on every click version); output that cannot be written
    ends the command cleanly (see ``forexcli.streams``)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        streams.use_fallbacks(sys.stdout)
        streams.use_fallbacks(sys.stderr)
        try:
            return super().main(*args, **kwargs)
        except OutputFailed as failure:
            _output_failed(failure)
        except OSError as error:
            if error.errno not in _OUTPUT_ERRNOS:
                raise
            _output_failed(OutputFailed(error))

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # click 8.1 prints the help and exits 0, 8.2 and later raise a usage error whose
        # message is the help: do the same thing with every version.
        if not args and not ctx.resilient_parsing:
            _echo(ctx.get_help())
            ctx.exit(2)
        ctx.meta["forex.json"] = _asks_json(args)
        return super().parse_args(ctx, args)

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        if parent is None and "terminal_width" not in extra:
            # The help's width by the rule of every other output (streams.width), worked out
            # as click would: click's own way imports shutil (with bz2, lzma, zlib).
            columns = min(streams.width(), HELP_MAX_WIDTH)
            extra["terminal_width"] = max(columns - 2, 50)
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:
            raise _cleaned(error) from None
        except OSError as error:  # printing --help or --version
            if error.errno not in _OUTPUT_ERRNOS:
                raise
            raise OutputFailed(error) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            raise _cleaned(error, json=bool(ctx.meta.get("forex.json"))) from None
        except OSError as error:  # a command's --help; files are read and written as LogError
            if error.errno not in _OUTPUT_ERRNOS:
                raise
            raise OutputFailed(error) from None


def _output_failed(failure: OutputFailed) -> None:
    """End the command whose output could not be written: quietly for a closed pipe (as
    ``cat``), else with one line on stderr; exit status 141 or 2."""
    streams.silence_stdout()
    if failure.broken_pipe and failure.stream == "standard output":
        sys.exit(streams.EXIT_BROKEN_PIPE)
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(f"forex: write_failed: {failure}\n")
        sys.stderr.flush()
    sys.exit(streams.EXIT_OUTPUT_FAILED)


def _cleaned(error: click.UsageError, *, json: bool = False) -> click.UsageError:
    """The same usage error, its message (with the parameter it names) escaped; with
    ``json`` one that also prints itself as JSON on stdout."""
    cls = JsonUsageError if json else click.UsageError
    return cls(clean(error.format_message()), error.ctx)


@click.group(
    cls=ForexGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": HELP_MAX_WIDTH},
    epilog=EPILOG,
)
@click.version_option(__version__, "-V", "--version", prog_name="forex")
@click.option(
    "--color",
    "--colour",
    "color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the output: auto = only on a terminal. NO_COLOR in the environment always wins.",
)
@click.pass_context
def forex(ctx: click.Context, color: str) -> None:
    """Record, check, show and play games of For-Ex as YAML logs.

    \b
    Start a game:        forex new game.yaml --players alice,bob,carol
    See it:              forex show game.yaml
    What can be played:  forex moves game.yaml
    Play a move:         forex play game.yaml alice invest USD JPY
    Catch up:            forex show game.yaml --since-player bob
    A message to send:   forex play game.yaml alice invest USD --message
    Two copies differ:   forex diff mine.yaml theirs.yaml
    Pictures:            forex show game.yaml --svg board.svg; forex chart game.yaml -o chart.svg
    A replay page:       forex html game.yaml (then open game.html in a browser)
    Check logs in CI:    forex validate games/
    """
    ctx.ensure_object(dict)
    ctx.obj["color"] = color
    ctx.color = use_colour(sys.stdout, color)


# --------------------------------------------------------------------------- new


def _split_names(values: Sequence[str]) -> list[str]:
    names: list[str] = []
    for value in values:
        names.extend(part.strip() for part in value.split(","))
    return [n for n in names if n]


def _check_name(name: str, what: str) -> None:
    from .games.forex.schema_source import NAME_RULE
    from .record.gamelog import name_problem

    problem = name_problem(name)
    if problem:
        raise click.BadParameter(
            f"{clean(name)!r} is not a valid player name: {problem} ({NAME_RULE})",
            param_hint=what,
        )


def _meant(name: str, names: Sequence[str]) -> str:
    """``; did you mean ann?`` when one of ``names`` is close to ``name``."""
    from .record.hints import close_match

    match = close_match(name, names)
    return f"; did you mean {clean(match)}?" if match is not None else ""


def _check_confusable(names: Sequence[str]) -> None:
    from .record.hints import confusable_pairs

    for a, b in confusable_pairs(names):
        raise click.BadParameter(
            f"{clean(a)!r} and {clean(b)!r} would be taken for one player: names must differ"
            " by more than letter case, spaces or Unicode forms",
            param_hint="'--players'",
        )


@forex.command("new", epilog=EPILOG)
@click.argument("file", type=FILE)
@click.option(
    "--players",
    "players",
    multiple=True,
    metavar="NAMES",
    help="The players in seat order, comma-separated (alice,bob,carol).",
)
@click.option("--player", "player", multiple=True, metavar="NAME", help="One player; repeat it.")
@click.option("--first", metavar="NAME", help="Who takes the first turn [the first seat].")
@click.option(
    "--removed",
    metavar="CUR=N,...",
    help="The 6 certificates removed at set-up: GBP=1,USD=2,CNY=3 (or GBP,USD,USD,CNY,CNY,CNY).",
)
@click.option(
    "--seed",
    metavar="TEXT",
    help="Draw the removed certificates from this seed. Without --removed or --seed a random"
    " seed is drawn and recorded.",
)
@click.option("--title", metavar="TEXT", help="A name for the game.")
@click.option("--site", metavar="TEXT", help="Where it is played: a club, a forum thread.")
@click.option(
    "--started",
    metavar="DATE",
    help="When it started [today, YYYY-MM-DD]; an empty value leaves it out.",
)
@click.option(
    "--contact",
    multiple=True,
    metavar="NAME=ADDRESS",
    help="How to reach a player (e-mail, forum handle); repeat it.",
)
@click.option(
    "--house-rule",
    "house_rule",
    multiple=True,
    metavar="NAME=VALUE",
    help="A house rule the table plays: rounding=each|total, merged_loan=keep|back"
    " [each, keep]; repeat it.",
)
@click.option(
    "--schema-ref",
    metavar="URL|PATH",
    help="The schema named in the first-line modeline for editors [the published schema's"
    " URL, its $id]; an empty value leaves the modeline out.",
)
@click.option(
    "--key-for",
    "key_for",
    multiple=True,
    metavar="NAME=PUBFILE",
    help="A player's Ed25519 public key (an OpenSSH .pub file) to check their signed moves;"
    " repeat it.",
)
@click.option(
    "--game",
    type=click.Choice(list(GAMES)),
    default=GAMES[0],
    show_default=True,
    help="The game to record.",
)
@click.option(
    "--components",
    "components",
    metavar="FILE",
    type=FILE,
    help="World Exchangers: the components file (cards and boards) the log names, with its"
    " SHA-256.",
)
@click.option(
    "--board",
    "board",
    multiple=True,
    metavar="NAME=A|B",
    help="World Exchangers: the side of a player's board [A]; repeat it.",
)
@click.option(
    "--roles-side",
    type=click.Choice(["A", "B"]),
    help="World Exchangers: the side of the role cards [A].",
)
@click.option("--dry-run", is_flag=True, help="Print the new log instead of writing it.")
def new_command(
    file: str,
    players: tuple[str, ...],
    player: tuple[str, ...],
    first: str | None,
    removed: str | None,
    seed: str | None,
    title: str | None,
    site: str | None,
    started: str | None,
    contact: tuple[str, ...],
    house_rule: tuple[str, ...],
    schema_ref: str | None,
    key_for: tuple[str, ...],
    game: str,
    components: str | None,
    board: tuple[str, ...],
    roles_side: str | None,
    dry_run: bool,
) -> None:
    """Start a game in a new log FILE (never overwrites a file).

    The log records the seat order, the first player and the 6 certificates
    removed at set-up (given, or drawn from a seed), the house rules if any,
    with no moves yet.

    With --game world-exchangers it names the components file (--components)
    and its SHA-256, and the tool deals from --seed (a random one if not given).
    """
    import datetime

    from .games.forex.engine import CURRENCIES, HouseRules, SetupError, draw_removed, new_game
    from .record.gamelog import parse_log
    from .record.problems import LogError
    from .reporters.newlog import (
        DEFAULT_SCHEMA_REF,
        create_log,
        new_log_text,
        parse_house_rule,
        parse_removed,
        random_seed,
    )

    names = _split_names(players) + [p.strip() for p in player]
    if not names:
        raise click.UsageError("name the players: --players alice,bob,carol")
    if game != GAMES[0]:
        if removed is not None or contact or key_for or schema_ref is not None:
            raise click.UsageError(
                "--removed, --contact, --key-for and --schema-ref are For-Ex's only for now"
            )
        _other_new(
            file,
            names,
            components,
            first,
            seed,
            title,
            site,
            started,
            house_rule,
            board,
            roles_side,
            dry_run,
        )
        return
    if components is not None or board or roles_side is not None:
        raise click.UsageError(
            "--components, --board and --roles-side are for --game world-exchangers"
        )
    for name in names:
        _check_name(name, "'--players'")
    _check_confusable(names)
    if first is not None:
        _check_name(first, "'--first'")
        if first not in names:
            raise click.BadParameter(
                f"{clean(first)!r} is not one of the players{_meant(first, names)}",
                param_hint="'--first'",
            )
    if removed is not None and seed is not None:
        raise click.UsageError("give --removed or --seed, not both")
    counts: tuple[int, ...] | None = None
    if removed is not None:
        try:
            counts = parse_removed(removed)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="'--removed'") from None
    elif seed is None:
        seed = random_seed()
    contacts: dict[str, str] = {}
    for item in contact:
        name, sep, address = item.partition("=")
        if not sep or not name.strip() or not address.strip():
            raise click.BadParameter(
                f"{clean(item)!r}: write NAME=ADDRESS", param_hint="'--contact'"
            )
        if name.strip() not in names:
            raise click.BadParameter(
                f"{clean(name.strip())!r} is not one of the players{_meant(name.strip(), names)}",
                param_hint="'--contact'",
            )
        contacts[name.strip()] = address.strip()
    rules: dict[str, str] = {}
    for item in house_rule:
        try:
            option, value = parse_house_rule(item)
        except ValueError as error:
            raise click.BadParameter(clean(str(error)), param_hint="'--house-rule'") from None
        if rules.get(option, value) != value:
            raise click.BadParameter(
                f"{option} is given twice: {rules[option]} and {value}",
                param_hint="'--house-rule'",
            )
        rules[option] = value
    keys = _keys_for(key_for, names)
    try:
        new_game(
            names,
            counts if counts is not None else draw_removed(seed or ""),
            first,
            HouseRules(**rules),
        )
    except SetupError as error:
        raise click.UsageError(clean(error.reason)) from None
    if started is None:
        started = datetime.date.today().isoformat()
    ref = DEFAULT_SCHEMA_REF if schema_ref is None else schema_ref
    text = new_log_text(
        names,
        first=first,
        removed=counts,
        seed=seed,
        title=title or None,
        site=site or None,
        started=started or None,
        contacts=contacts,
        schema_ref=ref or None,
        house_rules=rules,
        keys=keys,
    )
    try:
        log = parse_log(text, file)
    except LogError as error:  # a value the schema refuses (a title too long, ...)
        raise ProblemExit(error.problems, exit_code=2) from None
    if dry_run:
        _echo(text)
        return
    gone = ", ".join(f"{n} {c}" for c, n in zip(CURRENCIES, log.removed, strict=True) if n)
    drawn = f" (drawn from seed {seed!r})" if seed is not None else ""
    house = "".join(f"; house rule {option}={value}" for option, value in rules.items())
    report = (
        f"created {clean(file)}: {', '.join(clean(n) for n in names)};"
        f" {clean(log.first)} plays first; removed {gone}{drawn}{house}\n"
        f"next: forex moves {clean(file)}"
    )
    out = _encoded([(report, False)])
    try:
        create_log(file, text)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    _print_written(out, "the new log", file)


def _keys_for(items: Sequence[str], names: Sequence[str]) -> dict[str, str]:
    """``--key-for NAME=PUBFILE`` as the players' public-key lines (checked)."""
    from .record.signing import parse_public

    keys: dict[str, str] = {}
    for item in items:
        name, sep, path = item.partition("=")
        name, path = name.strip(), path.strip()
        if not sep or not name or not path:
            raise click.BadParameter(
                f"{clean(item)!r}: write NAME=PUBFILE", param_hint="'--key-for'"
            )
        if name not in names:
            raise click.BadParameter(
                f"{clean(name)!r} is not one of the players", param_hint="'--key-for'"
            )
        try:
            with open(os.path.expanduser(path), encoding="utf-8") as handle:
                line = " ".join(handle.read(8192).split())
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or "not text"
            raise click.BadParameter(
                f"cannot read {clean(path)}: {reason}", param_hint="'--key-for'"
            ) from None
        try:
            parse_public(line)
        except ValueError as error:
            raise click.BadParameter(
                f"{clean(path)} is not an Ed25519 public key: {error}", param_hint="'--key-for'"
            ) from None
        keys[name] = line
    return keys


# --------------------------------------------------------------------------- show


@forex.command("show", epilog=EPILOG)
@click.argument("file", type=FILE_OR_DASH)
@click.option(
    "--at",
    type=int,
    metavar="N",
    help="Show the game after move N (0 = the start; -1 = before the last move) [the last].",
)
@click.option(
    "--since",
    type=int,
    metavar="N",
    help="Also say what happened after move N, move by move: who did what, payments, rates"
    " that moved, loans, dividends (the catch-up for a player who last looked at move N).",
)
@click.option(
    "--since-player",
    metavar="NAME",
    help="Like --since, from NAME's last decision: what NAME has not seen yet.",
)
@click.option(
    "--svg",
    "svg_path",
    metavar="OUT.svg",
    type=FILE_OR_DASH,
    help="Draw the board (after --at N) as an SVG picture into OUT.svg instead of the tables;"
    " - writes it to standard output.",
)
@click.option(
    "--html",
    "html_path",
    metavar="OUT.html",
    type=FILE_OR_DASH,
    help="Write the whole game as a replay page into OUT.html instead of the tables, opening"
    " after --at N (see forex html); - writes it to standard output.",
)
@click.option(
    "--png",
    "png_path",
    metavar="OUT.png",
    type=FILE_OR_DASH,
    help="Draw the board as a PNG picture (for mail and forums) into OUT.png; - writes it to"
    " standard output when that is not a terminal.",
)
@click.option(
    "--force", is_flag=True, help="With --svg, --png or --html: replace the file if it exists."
)
@click.option(
    "--seat",
    metavar="NAME",
    help="World Exchangers, with --svg or --png: whose board to draw, or all [the player to"
    " play; every board when the deck or nobody is to play].",
)
@_format_option()
@click.pass_context
def show_command(
    ctx: click.Context,
    file: str,
    at: int | None,
    since: int | None,
    since_player: str | None,
    svg_path: str | None,
    html_path: str | None,
    png_path: str | None,
    force: bool,
    seat: str | None,
    fmt: str,
) -> None:
    """Show the game: board, money, certificates, queue, standings, who decides next, the result.

    FILE may be - for standard input.
    """
    from .reporters.game import show_data, show_text

    if since is not None and since_player is not None:
        raise click.UsageError("give --since or --since-player, not both")
    if html_path is not None:
        if svg_path is not None or png_path is not None:
            raise click.UsageError("give one of --svg, --png and --html")
        if since is not None or since_player is not None:
            raise click.UsageError(
                "--html writes the whole game (every move's catch-up included):"
                " leave out --since/--since-player"
            )
        if ctx.get_parameter_source("fmt") is not click.core.ParameterSource.DEFAULT:
            raise click.UsageError("--html writes a page: leave out --format")
        try:
            log, played = load_replay(file)
        except OtherGameExit as other:
            raise _for_ex_only(other, "show --html (the replay page)") from None
        _write_page(log, played, html_path, at, None, force)
        return
    if svg_path is not None and png_path is not None:
        raise click.UsageError("give --svg or --png, not both")
    picture = png_path or svg_path
    picture_format = _picture_format(picture, "png" if png_path is not None else "svg")
    svg_path = picture
    if svg_path is not None:
        if since is not None or since_player is not None:
            raise click.UsageError(
                "--svg and --png draw the board only: leave out --since/--since-player"
            )
        if ctx.get_parameter_source("fmt") is not click.core.ParameterSource.DEFAULT:
            raise click.UsageError("--svg and --png draw the board only: leave out --format")
    elif force:
        raise click.UsageError("--force goes with --svg, --png or --html (it replaces that file)")
    if seat is not None and svg_path is None:
        raise click.UsageError("--seat chooses the board --svg or --png draws: give one of them")
    try:
        view = _view(file, at)
    except OtherGameExit as other:
        _other_show(other, at, since, since_player, svg_path, picture_format, seat, force, fmt)
        return
    if seat is not None:
        raise click.UsageError(
            "--seat is for World Exchangers logs (each player has a board); For-Ex's board"
            " is shared: leave it out"
        )
    since_point = None
    if since is not None:
        since_point = _point(view.total, since, file, "--since")
        if since_point > view.at:
            raise click.BadParameter(
                f"--since {since} is after the move shown ({view.at})", param_hint="'--since'"
            )
    if since_player is not None:
        since_point = _last_move_before(view.replay, since_player, view.at)
    if svg_path is not None:
        from .games.forex.svg import board_svg

        title = view.log.title or os.path.basename(view.log.filename)
        where = f"after move {view.at}" if view.at else "at the start"
        _write_picture(
            svg_path, board_svg(view.state, f"{title}, {where}"), force, "board", picture_format
        )
        return
    if fmt == "json":
        _json(show_data(view, since_point))
        return
    _echo(
        show_text(
            view,
            markdown=fmt == "markdown",
            since=since_point,
            style=_out_style(),
            since_player=since_player,
            width=streams.width(),
        )
    )


def _last_move_before(played: Replay, player: str, at: int) -> int:
    """``player``'s last decision at or before move ``at`` (0 when none); a usage error for
    a name that is not a player."""
    from .games.forex.catchup import last_move_of

    try:
        last = last_move_of(played, player)
    except ValueError:
        players = ", ".join(played.log.players)
        raise click.BadParameter(
            f"{clean(player)!r} is not a player of this game ({clean(players)})",
            param_hint="'--since-player'",
        ) from None
    if last <= at:
        return last
    for entry in reversed(played.log.entries[:at]):
        if entry.player == player:
            return entry.number
    return 0


def _picture_format(path: str | None, asked: str) -> str:
    """The format to write ``path`` in: ``asked``, unless the file's extension says the other
    one (a usage error: ``--svg board.png`` would put SVG into a .png file)."""
    from .record.png import format_of

    if path is None:
        return asked
    named = format_of(path)
    if named is not None and named != asked:
        option = "--svg" if asked == "svg" else "--png"
        better = f"--{named} {path}"
        raise click.UsageError(
            f"{clean(path)} names a .{named} file, but {option} writes {asked.upper()}:"
            f" use {clean(better)}"
        )
    return asked


def _write_picture(path: str, svg: str, force: bool, what: str, fmt: str = "svg") -> None:
    """Write an SVG (or, with ``fmt`` png, its PNG rendering) to ``path`` (atomically, never
    over a file without ``force``), or to standard output for ``-``."""
    from .record.problems import LogError
    from .reporters.files import write_output

    data: str | bytes = svg
    if fmt == "png":
        from .record.png import svg_to_png

        if path == "-" and sys.stdout.isatty():
            raise click.UsageError("a PNG picture is not for a terminal: name a file, or pipe it")
        try:
            data = svg_to_png(svg)
        except LogError as error:
            raise ProblemExit(error.problems, exit_code=2) from None
    if path == "-":
        if isinstance(data, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            _echo(data)
        return
    out = _encoded([(f"wrote the {what} to {clean(path)}", False)])
    try:
        write_output(path, data, force=force)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    _print_written(out, f"the {what}", path, log=False)


# --------------------------------------------------------------------------- chart


@forex.command("chart", epilog=EPILOG)
@click.argument("file", type=FILE_OR_DASH)
@click.option(
    "-o",
    "--output",
    metavar="OUT.svg",
    type=FILE_OR_DASH,
    default="-",
    help="Write the chart to OUT.svg [- : standard output].",
)
@click.option("--title", metavar="TEXT", help="The chart's title [the game's title].")
@click.option(
    "--png",
    "png",
    is_flag=True,
    help="Write a PNG picture instead of SVG (also chosen by an OUT.png file name).",
)
@click.option("--force", is_flag=True, help="Replace OUT.svg if it exists.")
def chart_command(file: str, output: str, title: str | None, png: bool, force: bool) -> None:
    """Draw each currency's strength over the whole game as an SVG line chart.

    One line per currency, at the start and after every move; dashed lines
    mark the dividends. A currency's strength is how far its six pairs stand
    from 1:1, counted up where it is the stronger side and down where it is
    the weaker: the seven strengths add up to 0. The file is written
    atomically and never replaces a file without --force. FILE may be - for
    standard input.

    For-Ex logs only: a log of another game is refused with not_yet_for_game.
    """
    from .games.forex.svg import strength_chart_svg

    _log, played = _for_ex_replay(file, "forex chart (the currencies' strength)")
    problem = played.problem
    if problem is not None:
        hint = "the picture needs a log that replays to its end: fix or undo that move"
        raise ProblemExit([replace(problem, hints=(*problem.hints, hint))])
    from .record.png import format_of

    fmt = _picture_format(output, "png" if png else format_of(output) or "svg")
    _write_picture(output, strength_chart_svg(played, title), force, "chart", fmt)


# --------------------------------------------------------------------------- html


def _page_output(file: str, output: str | None) -> str:
    """Where ``forex html`` writes: ``-o``, else FILE with ``.html`` for its ``.yaml``/``.yml``
    (standard output for a log read from standard input)."""
    if output is not None:
        return output
    if file == "-":
        return "-"
    stem, suffix = os.path.splitext(file)
    return (stem if suffix.lower() in (".yaml", ".yml") else file) + ".html"


def _write_page(
    log: GameLog, played: Replay, output: str, at: int | None, title: str | None, force: bool
) -> None:
    """Write the replay page of a log that replays to its end (atomically; ``-``: standard
    output); a log with an illegal move exits with its problem."""
    from .pages import replay_page
    from .record.problems import LogError
    from .reporters.files import write_output

    problem = played.problem
    if problem is not None:
        hint = "the page needs a log that replays to its end: fix or undo that move"
        raise ProblemExit([replace(problem, hints=(*problem.hints, hint))])
    opening = None if at is None else _point(played.moves, at, log.filename)
    page = replay_page(log, played, at=opening, title=title)
    if output == "-":
        _echo(page)
        return
    size = len(page.encode("utf-8"))
    report = (
        f"wrote the replay page to {clean(output)} ({size / 1024:.0f} KB,"
        f" {played.moves + 1} positions): open it in a browser; #move-N opens after move N"
    )
    out = _encoded([(report, False)])
    try:
        write_output(output, page, force=force)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    _print_written(out, "the replay page", output, log=False)


@forex.command("html", epilog=EPILOG)
@click.argument("file", type=FILE_OR_DASH)
@click.option(
    "-o",
    "--output",
    metavar="OUT.html",
    type=FILE_OR_DASH,
    help="Write the page to OUT.html; - : standard output [FILE with .html for .yaml].",
)
@click.option(
    "--at",
    type=int,
    metavar="N",
    help="Open the page after move N (0 = the start; -1 = before the last move) [the last].",
)
@click.option("--title", metavar="TEXT", help="The page's title [the game's title].")
@click.option("--force", is_flag=True, help="Replace OUT.html if it exists.")
def html_command(
    file: str, output: str | None, at: int | None, title: str | None, force: bool
) -> None:
    """Write the game as one HTML page to step through in a browser: a replay.

    At every position the page shows what forex show --at N shows (board,
    money, certificates, supply, queue, free letters, dividends, who decides
    next; the projection if the game ended now, whether each queue item's
    owner could pay it now and what resolving it would do, the exposure),
    the move's text, its note and what it did, and the result at the end;
    the strength chart of the whole game marks the position and jumps
    to a move when clicked. Step with the buttons, the arrow keys (Home,
    End), the slider or the move list; OUT.html#move-N opens after move N.

    The file is self-contained: no network, font or script from elsewhere.
    Without JavaScript it shows the opening position and the moves, and it
    prints. It is written atomically and never replaces a file without
    --force. FILE may be - for standard input (the page then goes to
    standard output unless -o is given).

    For-Ex logs only: a log of another game is refused with not_yet_for_game.
    """
    log, played = _for_ex_replay(file, "forex html (the replay page)")
    _write_page(log, played, _page_output(file, output), at, title, force)


# --------------------------------------------------------------------------- moves


@forex.command("moves", epilog=EPILOG)
@click.argument("file", type=FILE_OR_DASH)
@click.option("--at", type=int, metavar="N", help="After move N instead of the last.")
@click.option(
    "--kind",
    "kinds",
    multiple=True,
    type=click.Choice(KINDS),
    help="Only decisions of this kind, every one listed; repeat it for several.",
)
@click.option(
    "--all",
    "every",
    is_flag=True,
    help="Every legal decision, one per line, exactly as forex play takes it; then, grouped"
    " by spot, the actions that only a spot transaction makes possible (spot ...; ACTION).",
)
@_format_option()
def moves_command(file: str, at: int | None, kinds: tuple[str, ...], every: bool, fmt: str) -> None:
    """List the legal decisions of whoever must decide next.

    Decisions are grouped: contracts per pair and direction with their
    amount range, investments, divests, divest answers, tie choices, spot
    transactions. Each is written exactly as forex play takes it.
    """
    from .reporters.game import moves_data, moves_text

    try:
        view = _view(file, at)
    except OtherGameExit as other:
        _other_moves(other, at, fmt)
        return
    if fmt == "json":
        _json(moves_data(view, kinds))
        return
    _echo(
        moves_text(
            view,
            kinds=kinds,
            every=every or bool(kinds),
            markdown=fmt == "markdown",
            style=_out_style(),
            width=streams.width(),
        )
    )


# --------------------------------------------------------------------------- signing


def _passphrase(path: str) -> Callable[[], bytes | None]:
    """Ask for the passphrase of key ``path`` (FOREX_PASSPHRASE, else a prompt without echo)."""

    def ask() -> bytes | None:
        from .record.signing import ENV_PASSPHRASE

        given = os.environ.get(ENV_PASSPHRASE)
        if given is not None:
            return given.encode("utf-8")
        text: str = click.prompt(
            f"Passphrase for {clean(path)}",
            hide_input=True,
            default="",
            show_default=False,
            err=True,
        )
        return text.encode("utf-8")

    return ask


def _signer(name: str, key_file: str | None) -> Any:
    """A ``signing.Signer`` for ``name`` with the key of ``--key``/FOREX_KEY/~/.ssh/id_ed25519."""
    from .record.problems import LogError
    from .record.signing import Signer, key_path, load_private_key

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


@forex.group("key", epilog=EPILOG)
def key_group() -> None:
    """Make an Ed25519 key to sign moves with (OpenSSH format, as ssh-keygen writes it)."""


@key_group.command("new", epilog=EPILOG)
@click.argument("file", type=FILE)
@click.option("--comment", metavar="TEXT", help="The comment of the public key [FILE's name].")
@click.option(
    "--no-passphrase",
    is_flag=True,
    help="Leave the private key unencrypted [a passphrase is asked for twice, without echo,"
    " or taken from FOREX_PASSPHRASE].",
)
def key_new_command(file: str, comment: str | None, no_passphrase: bool) -> None:
    """Write a new key pair: FILE (the private key, mode 0600) and FILE.pub.

    Never overwrites a file. Give FILE.pub to the other players (forex new
    --key-for NAME=FILE.pub), and sign with forex play --sign --key FILE.
    """
    from .record.problems import LogError
    from .record.signing import ENV_PASSPHRASE, describe_key, new_key_pair, write_key_pair

    passphrase: bytes | None = None
    if not no_passphrase:
        given = os.environ.get(ENV_PASSPHRASE)
        if given is None:
            given = click.prompt(
                f"Passphrase for {clean(file)} (empty for none)",
                hide_input=True,
                confirmation_prompt=True,
                default="",
                show_default=False,
                err=True,
            )
        passphrase = given.encode("utf-8") or None
    pair = new_key_pair(passphrase, comment or os.path.basename(file))
    locked = "protected by a passphrase" if passphrase else "without a passphrase"
    report = (
        f"wrote {clean(file)} ({locked}) and {clean(file)}.pub: {describe_key(pair[1])}\n"
        f"next: forex play FILE NAME DECISION --sign --key {clean(file)}"
    )
    out = _encoded([(report, False)])
    try:
        write_key_pair(file, passphrase, comment or os.path.basename(file), pair)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    _print_written(out, f"the key pair {clean(file)} and {clean(file)}.pub", file, log=False)


@forex.command("sign", epilog=EPILOG)
@click.argument("file", type=FILE)
@click.argument("number", metavar="N", type=click.IntRange(min=1))
@click.option(
    "--as",
    "name",
    metavar="NAME",
    help="Who signs [the player whose key in the log is --key's].",
)
@click.option(
    "--key",
    "key_file",
    metavar="FILE",
    type=FILE,
    help="The OpenSSH private key to sign with [FOREX_KEY, ~/.ssh/id_ed25519].",
)
@click.option("--dry-run", is_flag=True, help="Check and print the new log; write nothing.")
def sign_command(
    file: str, number: int, name: str | None, key_file: str | None, dry_run: bool
) -> None:
    """Sign move N of FILE: a spot partner countersigns, or a player signs a move of theirs.

    The signature covers the game's header, the move number, the state
    before the move and its text, like forex play --sign. The log must be
    valid and its signatures verify.
    """
    from .record import anyedit
    from .record.anylog import GameRecord, load_any
    from .record.problems import LogError
    from .record.signing import header_keys, same_key, sign_entry

    try:
        log = load_any(file)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    signs = anyedit.sign_entry if isinstance(log, GameRecord) else sign_entry
    if name is None:
        signer = _signer("", key_file)
        keys, _problems = header_keys(log)
        public = signer.key.public_key()
        owners = [p for p, k in keys.items() if k.key is not None and same_key(k.key, public)]
        if not owners:
            raise click.UsageError(
                "the log holds no player's key equal to this one: say who signs with --as NAME"
            )
        signer = replace(signer, name=owners[0])
    else:
        signer = _signer(name, key_file)
    try:
        change = signs(file, number, signer, dry_run=True)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    if dry_run:
        _echo(change.new_text)
        return
    out = _encoded([(f"{clean(signer.name)} signed move {number} of {clean(file)}", False)])
    _commit(change)
    _print_written(out, f"{clean(signer.name)}'s signature of move {number}", file)


# --------------------------------------------------------------------------- play


@forex.command("play", epilog=EPILOG)
@click.argument("file", type=FILE)
@click.argument("player")
@click.argument("decision", nargs=-1, required=False)
@click.option(
    "--engine",
    is_flag=True,
    help="Let the engine decide for PLAYER (no DECISION); see forex hint for the budget options."
    " For-Ex logs only.",
)
@click.option(
    "--seconds",
    type=float,
    metavar="S",
    help="With --engine: search for S seconds [1, when --simulations is not given].",
)
@click.option(
    "--simulations",
    type=int,
    metavar="N",
    help="With --engine: search N simulations (deterministic: the same move on any machine).",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="With --engine: the search's seed."
)
@click.option("--note", metavar="TEXT", help="A note (comment) to record with the move.")
@click.option("--dry-run", is_flag=True, help="Check the move and show its result; write nothing.")
@click.option(
    "--after",
    type=click.IntRange(min=0),
    metavar="N",
    help="Refuse unless the log has exactly N moves (guards against answering an old position).",
)
@click.option(
    "--digest/--no-digest",
    default=True,
    show_default=True,
    help="Record the digest of the state after the move, to catch edits by hand.",
)
@click.option(
    "--message",
    "message_fmt",
    type=click.Choice(list(MESSAGE_FORMATS)),
    is_flag=False,
    flag_value="text",
    default=None,
    metavar="[text|markdown|bbcode]",
    help="Print a ready-to-send message (subject, what the move did, the board, who is next)"
    " instead of the report, in text [the default], markdown or bbcode; the report's first"
    " line goes to stderr.",
)
@click.option(
    "--sign",
    "sign_move",
    is_flag=True,
    help="Sign the move with PLAYER's Ed25519 key (--key FILE, FOREX_KEY or ~/.ssh/id_ed25519;"
    " a passphrase is asked for without echo, or taken from FOREX_PASSPHRASE). A key the log"
    " does not hold yet is added to its keys: (trust on first use).",
)
@click.option(
    "--key",
    "key_file",
    metavar="FILE",
    type=FILE,
    help="The OpenSSH private key to sign with [FOREX_KEY, ~/.ssh/id_ed25519].",
)
@click.option(
    "--eml",
    "eml_path",
    metavar="OUT.eml",
    type=FILE_OR_DASH,
    help="Also write the mail to send (RFC 5322) into OUT.eml: To: the next decider's contact,"
    " the message as text and markdown, the log and the board (PNG) attached. Never replaces"
    " a file.",
)
@click.option(
    "--ignore-digests",
    is_flag=True,
    help="Add the move even though the log's recorded digests no longer match (it was"
    " edited after they were written) [refuse: digest_mismatch].",
)
@_format_option()
def play_command(
    file: str,
    player: str,
    decision: tuple[str, ...],
    engine: bool,
    seconds: float | None,
    simulations: int | None,
    seed: int,
    note: str | None,
    dry_run: bool,
    after: int | None,
    digest: bool,
    message_fmt: str | None,
    sign_move: bool,
    key_file: str | None,
    eml_path: str | None,
    ignore_digests: bool,
    fmt: str,
) -> None:
    """Check one DECISION of PLAYER and append it to FILE.

    The words of DECISION are joined with spaces, so both work:

    \b
      forex play game.yaml bob contract 6 USD for 12 JPY
      forex play game.yaml bob "spot 1 GBP to carol for 1.5 EUR; invest USD"

    Prints what changed (payments, rates that moved, loans, dividends) and
    who decides next. With --message, prints instead a message to mail or
    post (its format may follow: --message bbcode); put --message after the
    decision, or give its format, so that it does not take a word of it.

    With --engine (and no DECISION) the engine decides for PLAYER, and its
    decision is checked and appended like any other: a game against the
    computer, or a vacant seat filled.
    """
    from .record import edit
    from .record.gamelog import OtherGame
    from .record.problems import LogError
    from .reporters.game import play_data, play_text

    if message_fmt is not None and fmt == "markdown":
        raise click.UsageError(
            "--format markdown shapes the report, which --message replaces: use --message markdown"
        )
    text = " ".join(word.strip() for word in decision if word.strip())
    if engine and text:
        raise click.UsageError("give a DECISION or --engine, not both")
    if not engine and not text:
        raise click.UsageError("give the DECISION to play (or --engine to let the engine decide)")
    if not engine and (seconds is not None or simulations is not None):
        raise click.UsageError("--seconds and --simulations go with --engine")
    if engine:
        text = _engine_decision(file, player, _budget(seconds, simulations), seed)
    if key_file is not None and not sign_move:
        raise click.UsageError("--key goes with --sign (the key to sign the move with)")
    if eml_path is not None and dry_run:
        raise click.UsageError("--eml writes the mail of a move made: leave out --dry-run")
    if eml_path == "-":
        raise click.BadParameter(
            "name a file for the mail (standard output carries the report)", param_hint="'--eml'"
        )
    if eml_path is not None and os.path.lexists(eml_path):
        raise click.BadParameter(
            f"{clean(eml_path)} already exists; name a new file", param_hint="'--eml'"
        )
    signer = _signer(player, key_file) if sign_move else None
    try:
        change = edit.append(
            file,
            player,
            text,
            note=note,
            after=after,
            dry_run=True,
            digest=digest,
            signer=signer,
            ignore_digests=ignore_digests,
        )
    except OtherGame:
        _other_play(
            file, player, text, note, after, digest, dry_run, fmt,
            signer=signer, message_fmt=message_fmt, eml_path=eml_path,
            ignore_digests=ignore_digests,
        )  # fmt: skip
        return
    except LogError as error:
        raise ProblemExit(error.problems) from None
    # Everything to print is composed before the file is replaced: nothing can fail after it.
    written = not dry_run
    played = change.replay
    number = len(played.states)
    before = played.state_after(number - 1)
    after_state = played.final
    entry = played.log.entries[-1]
    events = played.events[-1]
    message = None
    if message_fmt is not None:
        from .games.forex.message import compose

        message = compose(played, None, message_fmt)
    out: list[tuple[str, bool]] = []  # (text, to stderr)
    address = _contact(played.log, after_state.pending_player)
    send = None
    if address and written and after_state.pending_player != entry.player:
        who = after_state.pending_player or ""
        send = f"Send {clean(file)} to {clean(who)}: {clean(address)}"
    if fmt == "json":
        data = play_data(
            file,
            number,
            entry.player,
            entry.text,
            entry.note,
            before,
            after_state,
            events,
            written=written,
            digest=entry.digest,
        )
        if message is not None:
            data["message"] = {
                "format": message.fmt,
                "subject": message.subject,
                "body": message.body,
            }
        out.append((_json_text(data), False))
    elif message is not None:
        done = f"added to {file}" if written else f"dry run: {file} is unchanged"
        out.append((clean(f"move {number}: {entry.player}: {entry.text} ({done})"), True))
        if send:
            out.append((send, True))
        out.append((message.full(), False))
    else:
        report = play_text(
            file,
            number,
            entry.player,
            entry.text,
            before,
            after_state,
            events,
            written=written,
            markdown=fmt == "markdown",
            style=_out_style(),
            width=streams.width(),
        )
        out.append((report, False))
        if send and fmt == "text":
            out.append((send, False))
    if dry_run:
        for item, err in out:
            _echo(item, err=err)
        return
    if eml_path is not None:
        out.insert(0, (f"wrote the mail to {clean(eml_path)}", True))
    out = _encoded(out)
    if eml_path is None:
        _commit(change)
    else:
        # The mail is made from the checked move and written first; the move is then
        # written, and if that fails the mail is removed: a failing command leaves no file.
        _write_mail(eml_path, _mail_of(played, None, file), quiet=True)
        try:
            _commit(change)
        except BaseException:
            os.unlink(eml_path)
            raise
    _print_written(out, f"move {number} ({clean(entry.player)}: {clean(entry.text)})", file)


def _commit(change: Any) -> Any:
    """Write a change composed with ``dry_run=True`` (``edit.commit``); problems exit."""
    from .record import edit
    from .record.problems import LogError

    try:
        return edit.commit(change)
    except LogError as error:
        raise ProblemExit(error.problems) from None


EXIT_WRITTEN_UNREPORTED = 3
"""Exit status: the file was changed, but what the command had to say could not be printed."""


class WrittenUnreported(click.ClickException):
    """A change was written, then printing its report failed: say plainly that it stands."""

    exit_code = EXIT_WRITTEN_UNREPORTED

    def __init__(self, what: str, path: str, failure: OutputFailed, *, log: bool = True) -> None:
        see = f": see it with forex show {clean(path)}" if log else ""
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


def _encoded(out: Sequence[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """``out`` (text, to stderr) as the streams will carry it: called before a file is
    replaced, so that no encoding is left to do (or fail) after it."""
    return [(streams.plain(text, sys.stderr if err else sys.stdout), err) for text, err in out]


def _print_written(
    out: Sequence[tuple[str, bool]], what: str, path: str, *, log: bool = True
) -> None:
    """Print what a command that has changed ``path`` (a log unless ``log`` is False) has to
    say; if that fails, the command ends with exit status 3, saying that ``what`` was written."""
    try:
        for text, err in out:
            _echo(text, err=err)
    except OutputFailed as failure:
        raise WrittenUnreported(what, path, failure, log=log) from None


# --------------------------------------------------------------------------- the engine


def _budget(seconds: float | None, simulations: int | None) -> Any:
    """The search budget of the options; a zero or absurd one is a usage error."""
    from .games.forex.advisor import budget

    try:
        return budget(seconds, simulations)
    except ValueError as error:
        option = (
            "'--simulations'"
            if simulations is not None and "simulations" in str(error)
            else ("'--seconds'" if seconds is not None else "'--simulations'")
        )
        raise click.BadParameter(str(error), param_hint=option) from None


class _Progress:
    """A progress bar on stderr, only on a terminal (a no-op elsewhere)."""

    def __init__(self, length: int, label: str) -> None:
        self.bar: Any = None
        if sys.stderr.isatty():
            self.bar = click.progressbar(length=length, label=label, file=sys.stderr)
            self.bar.__enter__()

    def to(self, position: int) -> None:
        if self.bar is not None and position > self.bar.pos:
            self.bar.update(position - self.bar.pos)

    def step(self, count: int = 1) -> None:
        if self.bar is not None:
            self.bar.update(count)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


def _search_progress(plan: Any, label: str) -> tuple[_Progress | None, Any]:
    """A bar for one search that may take over a second, and its callback (simulations done)."""
    import time

    long = (plan.seconds or 0) >= 1 or (plan.simulations or 0) >= 2000
    if not long or not sys.stderr.isatty():
        return None, None
    bar = _Progress(100, label)
    start = time.monotonic()

    def update(done: int) -> None:
        parts = []
        if plan.simulations:
            parts.append(done / plan.simulations)
        if plan.seconds:
            parts.append((time.monotonic() - start) / plan.seconds)
        bar.to(min(100, int(100 * max(parts))))

    return bar, update


def _game_over(file: str, log: GameLog) -> ProblemExit:
    from .record.problems import Problem

    place = log.place(("moves", len(log.entries) - 1)) if log.entries else None
    line, column = place if place else (None, None)
    return ProblemExit(
        [
            Problem(
                "game_over",
                f"the game in {file} is over after move {len(log.entries)}: there is nothing to"
                " decide",
                "rules",
                file,
                line,
                column,
                len(log.entries),
                ("forex analyse FILE judges the decisions of a finished game",),
            )
        ]
    )


def _playable(file: str) -> tuple[GameLog, Replay]:
    """A log that replays legally and is not over (else a located problem exits)."""
    log, played = _for_ex_replay(file, "the engine's search (hint, play --engine)")
    if played.problem is not None:
        hint = "the engine needs a log whose moves are all legal: fix or undo that move"
        raise ProblemExit([replace(played.problem, hints=(*played.problem.hints, hint))])
    if played.final.is_over:
        raise _game_over(file, log)
    return log, played


def _engine_decision(file: str, player: str, plan: Any, seed: int) -> str:
    """The engine's decision for PLAYER in FILE, written as forex play takes it."""
    from .games.forex.advisor import engine_entry, entry_text, hint

    log, played = _playable(file)
    state = played.final
    if state.pending_player != player:
        from .record.problems import Problem

        raise ProblemExit(
            [
                Problem(
                    "not_your_turn",
                    f"move {len(log.entries) + 1}: the engine cannot decide for {clean(player)}:"
                    f" {clean(state.pending_player or '')} decides next",
                    "rules",
                    file,
                    entry=len(log.entries) + 1,
                    hints=(
                        f"forex play {clean(file)} {clean(state.pending_player or '')} --engine",
                    ),
                )
            ]
        )
    bar, update = _search_progress(plan, "thinking")
    try:
        if update is None:
            return entry_text(engine_entry(state, plan, seed))
        found = hint(state, plan, top=1, seed=seed, progress=update)
        return entry_text(found.suggestions[0].entry)
    finally:
        if bar is not None:
            bar.close()


def _budget_options(seconds_help: str) -> Callable[[F], F]:
    def decorate(function: F) -> F:
        function = click.option(
            "--seed", type=int, default=0, show_default=True, help="The search's seed."
        )(function)
        function = click.option(
            "--simulations",
            type=int,
            metavar="N",
            help="Search N simulations (deterministic: the same result on any machine).",
        )(function)
        function = click.option("--seconds", type=float, metavar="S", help=seconds_help)(function)
        return function

    return decorate


@forex.command("hint", epilog=EPILOG)
@click.argument("file", type=FILE_OR_DASH)
@_budget_options("Search for S seconds [1, when --simulations is not given].")
@click.option(
    "--top", type=click.IntRange(1, 20), default=3, show_default=True, help="How many decisions."
)
@_format_option()
def hint_command(
    file: str, seconds: float | None, simulations: int | None, seed: int, top: int, fmt: str
) -> None:
    """The engine's best decisions for whoever decides next in FILE.

    Each comes with its evaluation (the player's expected share of the
    final scores, in percent) and the line the search expects after it,
    written as forex play takes them. --simulations gives the same result on
    any machine (for a given --seed); --seconds depends on the machine.

    For-Ex logs only: a log of another game is refused with not_yet_for_game.
    """
    from .games.forex.advisor import hint
    from .reporters.advice import hint_data, hint_text

    plan = _budget(seconds, simulations)
    log, played = _playable(file)
    bar, update = _search_progress(plan, "thinking")
    try:
        found = hint(played.final, plan, top=top, seed=seed, progress=update)
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        _echo("interrupted", err=True)
        sys.exit(130)
    finally:
        if bar is not None:
            bar.close()
    moves = len(log.entries)
    if fmt == "json":
        _json(hint_data(found, file, moves))
        return
    where = f"after move {moves}" if moves else "at the start"
    _echo(hint_text(found, where, markdown=fmt == "markdown", style=_out_style()))


@forex.command("analyse", epilog=EPILOG)
@click.argument("file", type=click.Path(allow_dash=False))
@click.option(
    "--seconds-per-move",
    type=float,
    metavar="S",
    help="Search each position for S seconds [1, when --simulations is not given].",
)
@click.option(
    "--simulations",
    type=int,
    metavar="N",
    help="Search each position N simulations (deterministic: the same verdicts on any machine).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="The search's seed.")
@click.option("--from", "first", type=click.IntRange(min=1), metavar="N", help="From move N [1].")
@click.option("--to", "last", type=click.IntRange(min=1), metavar="M", help="To move M [the last].")
@click.option(
    "--write",
    is_flag=True,
    help="Add the verdicts (dubious, mistake, blunder) to the log as notes; a note already"
    " there is kept.",
)
@click.option(
    "--processes",
    type=click.IntRange(1, 64),
    metavar="P",
    help="For a folder: analyse P logs at once [the number of cores].",
)
@_format_option()
def analyse_command(
    file: str,
    seconds_per_move: float | None,
    simulations: int | None,
    seed: int,
    first: int | None,
    last: int | None,
    write: bool,
    processes: int | None,
    fmt: str,
) -> None:
    """Judge every recorded decision of FILE against the engine's choice.

    Each decision is marked dubious, mistake or blunder when it loses 2, 5
    or 10 points of score share (the player's expected share of the final
    scores) against the engine's choice, which is named. With --write the
    verdicts are added to the log as notes, in one atomic change after the
    whole analysis (Ctrl-C writes nothing). FILE may be a folder: its logs
    are analysed on all cores.

    For-Ex logs only: a log of another game is refused with not_yet_for_game.
    """
    import os

    plan = _budget(seconds_per_move, simulations)
    if first is not None and last is not None and first > last:
        raise click.BadParameter(f"--from {first} is after --to {last}", param_hint="'--from'")
    if os.path.isdir(file):
        _analyse_folder(file, plan, seed, first, last, write, processes, fmt)
        return
    try:
        text, data, change = _analyse_one(file, plan, seed, first, last, write, fmt, progress=True)
    except KeyboardInterrupt:
        _echo(f"interrupted: nothing was written to {clean(file)}", err=True)
        sys.exit(130)
    out = _encoded([(_json_text(data) if fmt == "json" else text, False)])
    if change is None:
        for text, err in out:
            _echo(text, err=err)
        return
    _commit(change)
    _print_written(out, "the verdicts as notes", file)


def _analyse_range(file: str, total: int, first: int | None, last: int | None) -> tuple[int, int]:
    start = first or 1
    end = total if last is None else last
    if total == 0:
        raise click.UsageError(f"{clean(file)} has no moves to analyse")
    if end > total or start > total:
        raise click.BadParameter(
            f"there is no move {max(start, end)} in {clean(file)}: it has {total}",
            param_hint="'--to'" if end > total else "'--from'",
        )
    return start, end


def _analyse_one(
    file: str,
    plan: Any,
    seed: int,
    first: int | None,
    last: int | None,
    write: bool,
    fmt: str,
    *,
    progress: bool,
) -> tuple[str, Any, Any]:
    """Analyse one log: the report's text, its JSON data and, with ``write``, the change of
    its notes to commit (None when there is nothing to write)."""
    from .games.forex.advisor import analyse, noted
    from .record import edit
    from .record.problems import LogError
    from .reporters.advice import analysis_data, analysis_text

    log, played = _for_ex_replay(file, "forex analyse (the engine's judgement)")
    if played.problem is not None:
        hint = "the analysis needs a log whose moves are all legal: fix or undo that move"
        raise ProblemExit([replace(played.problem, hints=(*played.problem.hints, hint))])
    start, end = _analyse_range(file, len(log.entries), first, last)
    bar = _Progress(end - start + 1, "analysing") if progress else None
    try:
        verdicts = analyse(
            played, plan, start, end, seed=seed,
            progress=bar.step if bar is not None else None,
        )  # fmt: skip
    finally:
        if bar is not None:
            bar.close()
    change = None
    if write:
        notes = {v.number: noted(log.entries[v.number - 1].note, v) for v in verdicts if v.label}
        try:
            change = edit.set_notes(file, notes, dry_run=True)
        except LogError as error:
            raise ProblemExit(error.problems) from None
        if change.new_text == change.old_text:
            change = None
    data = analysis_data(verdicts, file, change is not None)
    text = analysis_text(verdicts, file, markdown=fmt == "markdown", style=_out_style())
    if change is not None:
        text += f"wrote {len(notes)} verdicts as notes in {clean(file)}\n"
    return text, data, change


def _analyse_task(
    file: str, plan: Any, seed: int, first: int | None, last: int | None, write: bool, fmt: str
) -> tuple[str, Any, str | None, bool]:
    """One log of a folder, in a worker process (its notes written there): its report, or the
    problem's text, and whether the log was changed."""
    try:
        text, data, change = _analyse_one(file, plan, seed, first, last, write, fmt, progress=False)
        if change is not None:
            _commit(change)
    except ProblemExit as error:
        from .reporters.problems import problems_text

        return "", None, problems_text(error.problems, Style(False)), False
    except click.ClickException as error:
        return "", None, f"{clean(file)}: {error.format_message()}", False
    return text, data, None, change is not None


def _analyse_folder(
    folder: str,
    plan: Any,
    seed: int,
    first: int | None,
    last: int | None,
    write: bool,
    processes: int | None,
    fmt: str,
) -> None:
    """Analyse every log of a folder on a process pool; any failure exits 1 at the end."""
    from concurrent.futures import ProcessPoolExecutor

    files, problems = _collect([folder])
    if problems:
        raise ProblemExit(problems)
    failures: list[str] = []
    reports: list[Any] = []
    changed = 0
    bar = _Progress(len(files), "analysing")
    try:
        with ProcessPoolExecutor(max_workers=processes) as pool:
            futures = [
                pool.submit(_analyse_task, f, plan, seed, first, last, write, fmt) for f in files
            ]
            for future in futures:
                text, data, failure, written = future.result()
                changed += written
                bar.to(len(reports) + len(failures) + 1)
                if failure is not None:
                    failures.append(failure)
                elif fmt == "json":
                    reports.append(data)
                else:
                    reports.append(text)
    except KeyboardInterrupt:
        bar.close()
        _echo("interrupted: the logs not yet finished were not written", err=True)
        sys.exit(130)
    bar.close()
    out = [(_json_text(reports) if fmt == "json" else "\n".join(reports), False)]
    out = _encoded([*out, *((failure, True) for failure in failures)])
    if changed:
        _print_written(out, f"the verdicts as notes in {changed} logs", folder, log=False)
    else:
        for text, err in out:
            _echo(text, err=err)
    if failures:
        sys.exit(1)


@forex.command("selfplay", epilog=EPILOG)
@click.argument("folder", type=click.Path(file_okay=False))
@click.option(
    "--games", type=click.IntRange(1, 10000), default=1, show_default=True, help="How many games."
)
@click.option(
    "--players",
    "count",
    type=click.IntRange(2, 6),
    default=2,
    show_default=True,
    help="Players per game (2 to 6), when --seat is not given.",
)
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="SPEC",
    help="Who plays a seat: engine, engine:N (N simulations), engine:Ss (S seconds), greedy or"
    " random; repeat it for each seat [every seat the engine]. Seats rotate from game to game.",
)
@click.option(
    "--simulations",
    type=int,
    default=200,
    show_default=True,
    metavar="N",
    help="The budget of a plain engine seat, in simulations per decision.",
)
@click.option(
    "--seed",
    default="selfplay",
    show_default=True,
    help="Set-ups are drawn from SEED-1, SEED-2, ...",
)
@click.option(
    "--processes",
    type=click.IntRange(1, 64),
    metavar="P",
    help="Play P games at once [the number of cores].",
)
def selfplay_command(
    folder: str,
    games: int,
    count: int,
    seats: tuple[str, ...],
    simulations: int,
    seed: str,
    processes: int | None,
) -> None:
    """Play complete games between engines (or greedy and random players) into FOLDER.

    Each game is an ordinary log, FOLDER/game-001.yaml and on, that forex
    validate accepts; an existing file is never replaced. The players are
    named after their seat (engine1, greedy2, ...) and the title says who
    played which seat.

    The games are For-Ex games (the engine plays For-Ex only).
    """
    import datetime
    import os
    from concurrent.futures import ProcessPoolExecutor

    from .games.forex.advisor import parse_seat
    from .reporters.advice import selfplay_text

    default = _budget(None, simulations)
    specs = list(seats) or ["engine"] * count
    if len(specs) < 2 or len(specs) > 6:
        raise click.BadParameter(
            f"{len(specs)} seats given; a game has 2 to 6", param_hint="'--seat'"
        )
    try:
        parsed = [parse_seat(spec, default) for spec in specs]
    except ValueError as error:
        raise click.BadParameter(clean(str(error)), param_hint="'--seat'") from None
    os.makedirs(folder, exist_ok=True)
    paths = [os.path.join(folder, f"game-{index:03d}.yaml") for index in range(1, games + 1)]
    taken = [p for p in paths if os.path.lexists(p)]
    if taken:
        raise click.UsageError(
            f"{clean(taken[0])} already exists; forex selfplay never replaces a file"
        )
    started = datetime.date.today().isoformat()
    done: list[Any] = []
    bar = _Progress(games, "playing")
    try:
        with ProcessPoolExecutor(max_workers=processes) as pool:
            futures = [
                pool.submit(_selfplay_task, parsed, index, seed, started, path)
                for index, path in enumerate(paths, 1)
            ]
            for path, future in zip(paths, futures, strict=True):
                done.append((path, future.result()))
                bar.to(len(done))
    except KeyboardInterrupt:
        bar.close()
        _echo(f"interrupted: {len(done)} games were written", err=True)
        sys.exit(130)
    bar.close()
    out = _encoded([(selfplay_text(done), False)])
    _print_written(out, f"every one of the {len(done)} games", folder, log=False)


def _selfplay_task(seats: Sequence[Any], index: int, seed: str, started: str, path: str) -> Any:
    """One self-play game in a worker process, written to ``path``; seats rotate by game."""
    from .games.forex.advisor import selfplay_game
    from .reporters.newlog import create_log

    shift = (index - 1) % len(seats)
    rotated = list(seats[shift:]) + list(seats[:shift])
    game = selfplay_game(rotated, f"{seed}-{index}", index, started)
    create_log(path, game.text)
    return game


# --------------------------------------------------------------------------- message


@forex.command("message", epilog=EPILOG)
@click.argument("file", type=FILE_OR_DASH)
@click.option(
    "--since",
    type=int,
    metavar="N",
    help="Tell what happened after move N (-2 = the last two moves) [the move before the last:"
    " what the last move did].",
)
@click.option(
    "--since-player",
    metavar="NAME",
    help="Tell what happened after NAME's last decision: what NAME has not seen yet.",
)
@click.option(
    "--with-log",
    is_flag=True,
    help="Put the whole log into the post (plain text, a markdown fence, a BBCode [code]"
    " block), so that the message alone carries the game; forex read takes it back.",
)
@click.option(
    "--eml",
    "eml_path",
    metavar="OUT.eml",
    type=FILE_OR_DASH,
    help="Write the message as a complete mail (To:, text and markdown, the log and the board"
    " attached) into OUT.eml instead of printing it; - writes it to standard output.",
)
@click.option(
    "--at",
    type=int,
    metavar="N",
    help="The game after move N (0 = the start; -1 = before the last move) [the last].",
)
@_format_option(MESSAGE_FORMATS)
def message_command(
    file: str,
    since: int | None,
    since_player: str | None,
    with_log: bool,
    eml_path: str | None,
    at: int | None,
    fmt: str,
) -> None:
    """Print a ready-to-send message about the game as it stands.

    A subject line (the game's title, the move number and who is to play
    next), then what happened since move N, the board, the money and
    certificates, the queue and who decides next: to mail to the next player
    or post in the game's forum thread, in plain text, markdown or BBCode.
    By default it tells everything the next decider has not seen: every move
    since their own last decision (a turn of several entries whole).
    forex play --message prints the same right after a move. FILE may be -
    for standard input.
    """
    from .games.forex.message import compose

    if since is not None and since_player is not None:
        raise click.UsageError("give --since or --since-player, not both")
    if eml_path is not None and at is not None:
        raise click.UsageError("--eml mails the game as it stands: leave out --at")
    try:
        _log, played = load_replay(file)
    except OtherGameExit as other:
        _other_message(other, since, since_player, with_log, eml_path, at, fmt)
        return
    legal = len(played.states)
    point_at = _point(legal, at, file)
    point: int | None = None
    if since_player is not None:
        point = _last_move_before(played, since_player, point_at)
    elif since is not None:
        point = _point(legal, since, file, "--since")
        if point > point_at:
            raise click.BadParameter(
                f"--since {since} is after the move shown ({point_at})", param_hint="'--since'"
            )
    if eml_path is not None:
        if played.problem is not None:
            raise ProblemExit([played.problem])
        _write_mail(eml_path, _mail_of(played, point, file, with_log=with_log))
        return
    message = compose(played, point, fmt, at=point_at)
    if with_log:
        from .record.mail import log_filename
        from .record.mail import with_log as embedded

        try:
            body = embedded(message.body, played.log.text, fmt, log_filename(file))
        except ValueError as error:
            raise click.UsageError(f"--with-log: {error}; attach the log instead") from None
        message = replace(message, body=body)
    _echo(message.full())
    if played.problem is not None and point_at == legal:
        raise ProblemExit([played.problem])


def _mail_of(played: Replay, since: int | None, file: str, *, with_log: bool = False) -> Any:
    """The mail about ``played`` since move ``since`` (``mail.compose_mail``); problems exit."""
    from .record.mail import compose_mail, log_filename
    from .record.mail import with_log as embedded
    from .record.problems import LogError

    try:
        mail = compose_mail(played, since, filename=log_filename(file))
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    if with_log:
        body = mail.get_body(("plain",))
        alternative = mail.get_body(("markdown",))
        for part, fmt in ((body, "text"), (alternative, "markdown")):
            if part is not None:
                text = part.get_content()
                part.set_content(
                    embedded(text, played.log.text, fmt, log_filename(file)),
                    subtype="plain" if fmt == "text" else "markdown",
                )
    return mail


def _write_mail(path: str, mail: Any, *, quiet: bool = False) -> None:
    """Write a mail to ``path`` (an .eml, never replacing a file) or standard output (``-``)."""
    from .record.mail import mail_bytes
    from .record.problems import LogError
    from .reporters.files import write_output

    data = mail_bytes(mail)
    if path == "-":
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    out: list[tuple[str, bool]] = []
    if not quiet:
        to = mail["To"]
        where = f" (To: {clean(str(to))})" if to else " (no To: the next player has no address)"
        out = _encoded([(f"wrote the mail to {clean(path)}{where}", False)])
    try:
        write_output(path, data, refusal="nothing was written; name a new file")
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    _print_written(out, "the mail", path, log=False)


# --------------------------------------------------------------------------- read


@forex.command("read", epilog=EPILOG)
@click.argument("mail", type=click.Path(allow_dash=True))
@click.option(
    "--into",
    "into",
    metavar="LOG",
    required=True,
    type=FILE,
    help="Your copy of the game: replaced only by a log that goes further than it (created if"
    " it does not exist).",
)
@click.option("--dry-run", is_flag=True, help="Check and tell what arrived; change nothing.")
def read_command(mail: str, into: str, dry_run: bool) -> None:
    """Take the log out of a MAIL and save it into LOG, after checking it.

    MAIL is an .eml file, an mbox, a Maildir folder or - (standard input).
    The log is found as an attachment or in the text (also quoted with > ,
    in a BBCode [code] block or a markdown fence). It must be a copy of
    LOG's game whose moves, digests and signatures are all good, keep the
    keys LOG holds, and go further than LOG: a fork, a rewritten move, a
    forged move, no log, two logs or another game's log are refused, and
    nothing is changed. What arrived is told move by move, as a catch-up.
    """
    from .record.mail import read_mail, save_arrival
    from .record.problems import LogError

    data = None
    if mail == "-":
        from .record.gamelog import MAX_LOG_BYTES

        data = sys.stdin.buffer.read(4 * MAX_LOG_BYTES + 1)
    try:
        arrived = read_mail(mail, into, data=data, dry_run=True)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=None) from None
    lines = list(arrived.lines)
    if arrived.saves:
        verb = "would save" if dry_run else "saved"
        lines.append(f"{verb} {clean(into)} (from {clean(arrived.found.where)})")
    if dry_run or not arrived.saves:
        _echo("\n".join(lines))
        return
    out = _encoded([("\n".join(lines), False)])
    try:
        save_arrival(arrived, into)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=None) from None
    _print_written(out, f"the log from {clean(arrived.found.where)}", into)


# --------------------------------------------------------------------------- history


@forex.command("history", epilog=EPILOG)
@click.argument("file", type=FILE_OR_DASH)
@click.option("--events", is_flag=True, help="Also say what each move caused.")
@_format_option()
def history_command(file: str, events: bool, fmt: str) -> None:
    """List the decisions of FILE as a table, with their notes.

    An illegal move is marked, and reported on stderr (exit status 1).
    """
    from .reporters.game import history_data, history_text

    try:
        log, played = load_replay(file)
    except OtherGameExit as other:
        _other_history(other, fmt, events)
        return
    if fmt == "json":
        _json(history_data(log, played))  # its "problem" names an illegal move
    else:
        _echo(
            history_text(
                log,
                played,
                events=events,
                markdown=fmt == "markdown",
                style=_out_style(),
                width=streams.width(),
            )
        )
    if played.problem is not None:
        raise ProblemExit([played.problem], as_json=False)


# --------------------------------------------------------------------------- annotate / undo


@forex.command("annotate", epilog=EPILOG)
@click.argument("file", type=FILE)
@click.argument("number", metavar="N", type=click.IntRange(min=1))
@click.argument("text", nargs=-1)
@click.option("--remove", is_flag=True, help="Remove the note of move N.")
@click.option(
    "--dry-run", is_flag=True, help="Check the change and print the new log; write nothing."
)
def annotate_command(
    file: str, number: int, text: tuple[str, ...], remove: bool, dry_run: bool
) -> None:
    """Set the note of move N to TEXT (its words joined; - reads standard input).

    Comments and layout elsewhere in the file are kept as they are.
    """
    from .record import anyedit, edit
    from .record.gamelog import OtherGame
    from .record.problems import LogError

    if remove and text:
        raise click.UsageError("give a TEXT or --remove, not both")
    if not remove and not text:
        raise click.UsageError("give the note's TEXT (or --remove to remove the note)")
    note: str | None = None
    if not remove:
        note = sys.stdin.read().rstrip("\n") if text == ("-",) else " ".join(text)
    change: Any
    try:
        try:
            change = edit.set_note(file, number, note, dry_run=True)
        except OtherGame:
            change = anyedit.set_note(file, number, note, dry_run=True)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    if dry_run:
        _echo(change.new_text)
        return
    if change.old_text == change.new_text:
        _echo(f"move {number} has no note; {clean(file)} is unchanged")
        return
    if note is None:
        report, what = f"removed the note of move {number} in {clean(file)}", "the removal"
    else:
        report, what = f"set the note of move {number} in {clean(file)}", "the note"
    out = _encoded([(report, False)])
    _commit(change)
    _print_written(out, f"{what} of move {number}", file)


@forex.command("undo", epilog=EPILOG)
@click.argument("file", type=FILE)
@click.option("--dry-run", is_flag=True, help="Say which move would be removed; write nothing.")
@click.option(
    "--after",
    type=click.IntRange(min=1),
    metavar="N",
    help="Refuse unless the log has exactly N moves (so that only the move you made goes).",
)
@click.option(
    "--to",
    "to",
    type=click.IntRange(min=0),
    metavar="N",
    help="Remove every move after move N instead (0 = all of them): to settle a fork, keep"
    " the moves both copies share (forex diff names the move where they part).",
)
def undo_command(file: str, dry_run: bool, after: int | None, to: int | None) -> None:
    """Remove the last move of FILE (for the sender, before the mail goes out).

    With --to N, remove every move after move N.
    """
    from .record import edit
    from .record.problems import LogError
    from .reporters.game import pending_text

    if to is not None and after is not None:
        raise click.UsageError("give --after or --to, not both")
    from .record.gamelog import OtherGame

    try:
        if to is None:
            change = edit.remove_last(file, dry_run=True, after=after)
        else:
            change = edit.remove_after(file, to, dry_run=True)
    except OtherGame:
        if to is not None or after is not None:
            raise click.UsageError("--to and --after are For-Ex's only for now") from None
        _other_undo(file, dry_run)
        return
    except LogError as error:
        raise ProblemExit(error.problems) from None
    gone = change.removed_entries
    if len(gone) == 1:
        what = f"move {gone[0].number}: {gone[0].player}: {gone[0].text}"
    else:
        what = f"moves {gone[0].number} to {gone[-1].number}"
    verb = "would remove" if dry_run else "removed"
    report = (
        f"{verb} {clean(what)} from {clean(file)}\nnext: {clean(pending_text(change.replay.final))}"
    )
    if dry_run:
        _echo(report)
        return
    out = _encoded([(report, False)])
    _commit(change)
    _print_written(out, f"the removal of {clean(what)}", file)


# --------------------------------------------------------------------------- diff

DIFF_EPILOG = """\b
Exit status: 0 the two hold the same moves; 1 they differ (one goes further,
they part, or they are different games); 2 a usage error, or a file that
cannot be read or is not a log.
\b
See forex(1) for the log format and examples."""


@forex.command("diff", epilog=DIFF_EPILOG)
@click.argument("file_a", metavar="A", type=FILE_OR_DASH)
@click.argument("file_b", metavar="B", type=FILE_OR_DASH)
@_format_option(("text", "json"))
def diff_command(file_a: str, file_b: str, fmt: str) -> None:
    """Compare two copies A and B of a game: where they part, and which to continue from.

    When two players answered the same mail, their copies fork: diff names
    the first move where they part, whose decision it was, and which of the
    two continuations is legal. Moves are compared as the rules read them
    (spacing and number style do not matter); notes and digests do not make
    a fork, but differing notes, headers and digests that stop matching are
    reported. Logs whose set-up differs are different games. Either file
    may be - for standard input.
    """
    from .record.forks import compare
    from .record.gamelog import OtherGame
    from .record.problems import LogError
    from .reporters.forks import diff_data, diff_text

    if file_a == "-" and file_b == "-":
        raise click.UsageError("only one of A and B can be - (standard input)")
    logs = []
    others: list[Any] = []
    for path in (file_a, file_b):
        try:
            logs.append(read_log(path))
        except OtherGame as other:
            others.append(_other_record(OtherGameExit(other, path), exit_code=2))
        except LogError as error:
            raise ProblemExit(error.problems, exit_code=2) from None
    if others:
        _other_diff(logs, others, fmt)
        return
    report = compare(logs[0], logs[1])
    if fmt == "json":
        _json(diff_data(report))
    else:
        _echo(diff_text(report))
    if not report.identical:
        sys.exit(1)


# --------------------------------------------------------------------------- validate


def _collect(paths: Sequence[str]) -> tuple[list[str], list[Problem]]:
    """The files to check: files as given, folders searched for *.yaml and *.yml."""
    from .record.problems import Problem

    files: list[str] = []
    problems: list[Problem] = []
    for path in paths:
        if path == "-":
            files.append(path)
            continue
        if os.path.isdir(path):
            found = []
            for root, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(names):
                    if name.startswith("."):
                        continue
                    if name.endswith((".yaml", ".yml")):
                        found.append(os.path.join(root, name))
            files.extend(found)
            continue
        if not os.path.lexists(path):
            problems.append(Problem("not_found", f"no such file or folder: {path}", "io", path))
            continue
        files.append(path)
    return files, problems


def _stdin_report(require_signatures: bool) -> FileReport:
    """What ``validate`` reports for the log on standard input."""
    from .record.anylog import parse_any
    from .record.anylog import replay as replay_any
    from .record.gamelog import GameLog, replay
    from .record.problems import LogError
    from .record.validation import finish_report
    from .reporters.problems import FileReport

    item = FileReport("<stdin>")
    played = None
    try:
        read = parse_any(_read_stdin(), "<stdin>")
        played = replay(read) if isinstance(read, GameLog) else replay_any(read)
        item.problems = [played.problem] if played.problem else []
    except LogError as error:
        item.problems = list(error.problems)
    finish_report(item, played, require_signatures)
    return item


@forex.command("validate", epilog=EPILOG)
@click.argument("paths", nargs=-1, required=True, type=click.Path(allow_dash=True))
@_format_option(("text", "json", "github"))
@click.option("-q", "--quiet", is_flag=True, help="Print only the problems (no summary).")
@click.option("-v", "--verbose", is_flag=True, help="Also print every valid file and its state.")
@click.option(
    "--only-logs",
    is_flag=True,
    help="Skip YAML files without a top-level `forex:` key (other YAML in a repository).",
)
@click.option(
    "--require-signatures",
    is_flag=True,
    help="An unsigned move by a player whose key the log holds is an error [a warning].",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    metavar="N",
    help="Check the files in N processes [one per core for 64 files or more, else 1].",
)
def validate_command(
    paths: tuple[str, ...],
    fmt: str,
    quiet: bool,
    verbose: bool,
    only_logs: bool,
    require_signatures: bool,
    jobs: int | None,
) -> None:
    """Check game logs: YAML, schema, set-up, and every move by the rules.

    PATHS are files or folders; folders are searched recursively for *.yaml
    and *.yml files (hidden files and folders are skipped). - reads one log
    from standard input. Exit status 0 when every log is valid, 1 when one
    is invalid, 2 when a path cannot be read.
    """
    from .record.validation import check_files

    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose do not go together")
    files, missing = _collect(paths)
    # The processes (if any) start here: they read the logs while this one imports the rest.
    checked = check_files(
        [name for name in files if name != "-"], jobs, only_logs, require_signatures
    )
    from .reporters.problems import ValidateReport, validate_github, validate_text

    report = ValidateReport(usage=missing)
    for name in files:
        if name != "-":
            found = next(checked)
            if found is None:
                report.skipped.append(name)
            else:
                report.files.append(found)
            continue
        report.files.append(_stdin_report(require_signatures))
    if fmt == "json":
        _json(report.as_dict())
    elif fmt == "github":
        _echo(validate_github(report, quiet=quiet))
    else:
        out = validate_text(report, _out_style(), quiet=quiet, verbose=verbose)
        if out:
            _echo(out)
    if report.exit_code:
        sys.exit(report.exit_code)


# --------------------------------------------------------------------------- schema


@forex.command("schema", epilog=EPILOG)
@click.argument("which", type=click.Choice(["log", "show", "components"]), default="log")
@click.option(
    "--game",
    type=click.Choice(list(GAMES)),
    default=GAMES[0],
    show_default=True,
    help="The game whose schema to print.",
)
@click.option("--list", "listing", is_flag=True, help="Name every game's schemas, print none.")
def schema_command(which: str, game: str, listing: bool) -> None:
    """Print a JSON Schema: of a game's log format (log), of show --format json (show), or of
    World Exchangers' components file (components)."""
    import json

    if listing or game != GAMES[0] or which == "components":
        _other_schema(which, game, listing)
        return
    if which == "log":
        from .record.gamelog import log_schema

        _json(log_schema())
        return
    from .reporters.schema import show_schema

    _echo(json.dumps(show_schema(), indent=2, ensure_ascii=False))


# --------------------------------------------------------------------------- other games
# A log whose header names a game other than For-Ex is read through that game's rules
# module (``record.anylog``); the commands below catch ``OtherGameExit`` (or
# ``gamelog.OtherGame``) and go on here. Commands that do not are refused with
# ``not_yet_for_game``.


class OtherGameExit(ProblemExit):
    """A log of another game where a For-Ex reader was tried: its YAML, to read it right."""

    def __init__(self, other: Any, path: str) -> None:
        super().__init__(other.problems)
        self.game = other.game
        self.document = other.document
        self.path = path


def _other_record(other: OtherGameExit, exit_code: int | None = None) -> Any:
    """Another game's log, checked up to its moves (problems exit)."""
    from .record import anylog
    from .record.problems import LogError

    filename = "<stdin>" if other.path == "-" else other.path
    try:
        return anylog.parse_record(other.game, other.document, other.document.text, filename)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code) from None


def _other_replay(other: OtherGameExit) -> Any:
    """The replay of another game's log (problems before the moves exit)."""
    from .record import anylog
    from .record.problems import LogError

    record = _other_record(other)
    try:
        played = anylog.replay(record)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    _other_warnings(played)
    return played


def _other_warnings(played: Any) -> None:
    """A digest that no longer matches and signature problems, as warnings on stderr (the
    moves still replay by the rules), as ``load_replay`` shows them for For-Ex."""
    from .record import anylog
    from .reporters.problems import problem_text

    found = [anylog.check_digests(played)]
    if played.record.header.get("keys") or any(e.sig for e in played.record.entries):
        from .record.signing import check_signatures

        found.extend(check_signatures(played).errors)
    style = Style(use_colour(sys.stderr, _colour_choice()))
    for problem in found:
        if problem is not None:
            _echo(style.warning("warning: ") + problem_text(problem, style), err=True)


def _for_ex_only(other: OtherGameExit, what: str) -> ProblemExit:
    """The ``not_yet_for_game`` refusal of a For-Ex-only feature, naming it."""
    (problem,) = other.problems
    return ProblemExit(
        [
            replace(
                problem,
                message=f"{what} is for For-Ex logs only, not {other.game.title}"
                f" (game: {other.game.name})",
            )
        ]
    )


def _other_point(played: Any, at: int | None, path: str, verb: str = "show") -> int:
    """Move ``at`` of another game's replay; an illegal entry at or before it exits."""
    point = _point(len(played.record.entries), at, path)
    problem = played.problem
    if problem is not None and problem.entry is not None and point >= problem.entry:
        hint = f"the game up to the move before it: forex {verb} {path} --at {problem.entry - 1}"
        raise ProblemExit([replace(problem, hints=(*problem.hints, hint))])
    return point


def _other_since(
    played: Any, point: int, since: int | None, since_player: str | None
) -> int | None:
    """The move ``--since``/``--since-player`` name, checked against move ``point``."""
    from .reporters.worldex import last_entry_of

    if since_player is not None:
        players = played.record.players
        if since_player not in players:
            raise click.BadParameter(
                f"{clean(since_player)!r} is not a player of this game"
                f" ({clean(', '.join(players))})",
                param_hint="'--since-player'",
            )
        return last_entry_of(played, since_player, point)
    if since is None:
        return None
    found = _point(played.moves, since, played.record.filename, "--since")
    if found > point:
        raise click.BadParameter(
            f"--since {since} is after the move shown ({point})", param_hint="'--since'"
        )
    return found


def _other_show(
    other: OtherGameExit,
    at: int | None,
    since: int | None,
    since_player: str | None,
    picture: str | None,
    picture_format: str,
    seat: str | None,
    force: bool,
    fmt: str,
) -> None:
    """``show`` of a World Exchangers log: text, markdown, JSON (``show_view``), pictures."""
    from .games.worldex.views import render_text, show_view
    from .reporters import worldex

    played = _other_replay(other)
    point = _other_point(played, at, other.path)
    state = played.state_after(point)
    if picture is not None:
        try:
            seats = worldex.seats_of(state, seat)
        except ValueError as error:
            raise click.BadParameter(clean(str(error)), param_hint="'--seat'") from None
        title = played.record.title or os.path.basename(played.record.filename)
        where = f"after move {point}" if point else "at the start"
        svg = worldex.boards_svg(state, seats, f"{title}, {where}")
        what = "board" if len(seats) == 1 else "boards"
        _write_picture(picture, svg, force, what, picture_format)
        return
    since_point = _other_since(played, point, since, since_player)
    if fmt == "json":
        if since_point is not None:
            raise click.UsageError(
                "show --format json of a World Exchangers log is the state alone: leave out"
                " --since/--since-player (forex history --format json lists the moves)"
            )
        _json(show_view(state))
        return
    markdown = fmt == "markdown"
    text = worldex.markdown_text(state) if markdown else render_text(state, streams.width())
    if since_point is not None:
        items = worldex.told(played, since_point, point)
        text = worldex.catch_up_text(items, since_point, markdown=markdown) + "\n" + text
    _echo(text.rstrip("\n"))


def _other_message(
    other: OtherGameExit,
    since: int | None,
    since_player: str | None,
    with_log: bool,
    eml_path: str | None,
    at: int | None,
    fmt: str,
) -> None:
    """``message`` of a World Exchangers log: the summary and every entry the next decider
    has not seen, told in full sentences; ``--eml`` as a mail with the log and the board."""
    from .record.mail import log_filename
    from .record.mail import with_log as embedded
    from .reporters import worldex

    played = _other_replay(other)
    legal = played.moves
    point = _point(legal, at, other.path)
    since_point = _other_since(played, point, since, since_player)
    name = log_filename(other.path)
    if eml_path is not None:
        if played.problem is not None:
            raise ProblemExit([played.problem])
        try:
            mail = worldex.compose_mail(played, since_point, filename=name, with_log=with_log)
        except ValueError as error:
            raise click.UsageError(f"--with-log: {error}; attach the log instead") from None
        _write_mail(eml_path, mail)
        return
    message = worldex.compose(played, since_point, fmt, at=point)
    if with_log:
        try:
            body = embedded(message.body, played.record.text, fmt, name)
        except ValueError as error:
            raise click.UsageError(f"--with-log: {error}; attach the log instead") from None
        message = replace(message, body=body)
    _echo(message.full())
    if played.problem is not None and point == legal:
        raise ProblemExit([played.problem])


def _other_diff(logs: list[Any], others: list[Any], fmt: str) -> None:
    """``diff`` where a log is of another game (a For-Ex log beside it is another game)."""
    from .record.anyforks import compare

    if logs:
        report: dict[str, Any] = {
            "kind": "different_games",
            "common": 0,
            "text": f"{logs[0].filename} is a For-Ex log and {others[0].filename} a"
            f" {others[0].game.title} log: different games, not a fork.",
        }
    else:
        report = compare(others[0], others[1])
    if fmt == "json":
        _json({"format": "forex-diff", "version": 1, **report})
    else:
        _echo(clean(report["text"]))
    if report["kind"] != "same":
        sys.exit(1)


def _other_moves(other: OtherGameExit, at: int | None, fmt: str) -> None:
    from .reporters import record

    played = _other_replay(other)
    point = _point(len(played.record.entries), at, other.path)
    problem = played.problem
    if problem is not None and problem.entry is not None and point >= problem.entry:
        raise ProblemExit([problem])
    if fmt == "json":
        _json(record.moves_data(played, point))
        return
    _echo(clean(record.moves_text(played, point, markdown=fmt == "markdown"), newlines=True))


def _other_history(other: OtherGameExit, fmt: str, events: bool = False) -> None:
    from .reporters import record

    played = _other_replay(other)
    if fmt == "json":
        _json(record.history_data(played))
    else:
        text = record.history_text(played, markdown=fmt == "markdown", events=events)
        _echo(clean(text, newlines=True))
    if played.problem is not None:
        raise ProblemExit([played.problem], as_json=False)


def _other_play(
    file: str,
    player: str,
    text: str,
    note: str | None,
    after: int | None,
    digest: bool,
    dry_run: bool,
    fmt: str,
    *,
    signer: Any = None,
    message_fmt: str | None = None,
    eml_path: str | None = None,
    ignore_digests: bool = False,
) -> None:
    from .record import anyedit, anylog
    from .record.problems import LogError

    try:
        change = anyedit.append(
            file,
            player,
            text,
            note=note,
            after=after,
            digest=digest,
            dry_run=True,
            signer=signer,
            ignore_digests=ignore_digests,
        )
    except LogError as error:
        raise ProblemExit(error.problems) from None
    played = change.replay
    game = played.record.game
    entry = played.record.entries[-1]
    verb = "would add" if dry_run else "added"
    next_line = anylog.pending_line(game, played.final)
    mail = None
    if eml_path is not None:
        from .record.mail import log_filename
        from .reporters import worldex

        mail = worldex.compose_mail(played, filename=log_filename(file))
    if message_fmt is not None:
        from .reporters import worldex

        report = worldex.compose(played, None, message_fmt).full()
    elif fmt == "json":
        data = {
            "format": "forex-play",
            "version": 1,
            "game": game.name,
            "file": file,
            "written": not dry_run,
            "move": entry.number,
            "by": entry.key,
            "decision": entry.text,
            "note": entry.note,
            "digest": entry.digest,
            "signed": sorted(entry.sig or {}),
            "next": next_line,
            "state": game.view(played.final),
        }
        report = _json_text(data)
    else:
        signed = " (signed)" if entry.sig else ""
        report = clean(
            f"{verb} move {entry.number}{signed}: {entry.key}: {entry.text} to {file}\n"
            f"next: {next_line}",
            newlines=True,
        )
    if dry_run:
        _echo(report)
        return
    items = [(report, False)]
    if mail is not None and eml_path is not None:
        items.insert(0, (f"wrote the mail to {clean(eml_path)}", True))
    out = _encoded(items)
    if mail is None or eml_path is None:
        _commit(change)
    else:
        # As For-Ex's: the mail first, then the move; if that fails the mail goes.
        _write_mail(eml_path, mail, quiet=True)
        try:
            _commit(change)
        except BaseException:
            os.unlink(eml_path)
            raise
    _print_written(out, f"move {entry.number}", file)


def _other_undo(file: str, dry_run: bool) -> None:
    from .record import anyedit, anylog
    from .record.problems import LogError

    try:
        change = anyedit.remove_last(file, dry_run=True)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    gone = change.removed
    assert gone is not None
    what = f"move {gone.number}: {gone.key}: {gone.text}"
    verb = "would remove" if dry_run else "removed"
    played = change.replay
    next_line = anylog.pending_line(played.record.game, played.final)
    report = clean(f"{verb} {what} from {file}\nnext: {next_line}", newlines=True)
    if dry_run:
        _echo(report)
        return
    out = _encoded([(report, False)])
    _commit(change)
    _print_written(out, f"the removal of {clean(what)}", file)


def _other_new(
    file: str,
    names: list[str],
    components: str | None,
    first: str | None,
    seed: str | None,
    title: str | None,
    site: str | None,
    started: str | None,
    house_rule: tuple[str, ...],
    board: tuple[str, ...],
    roles_side: str | None,
    dry_run: bool,
) -> None:
    """``new --game world-exchangers``: a log dealt from a seed, checked before it is written."""
    import datetime

    from .games.worldex.load import ComponentsFileError, read_components
    from .games.worldex.newlog import new_log_text
    from .record import anylog
    from .record.problems import LogError
    from .reporters.newlog import create_log, random_seed

    if components is None:
        raise click.UsageError("name the components file: --components FILE")
    if first is not None and first not in names:
        raise click.BadParameter(
            f"{clean(first)!r} is not one of the players{_meant(first, names)}",
            param_hint="'--first'",
        )
    try:
        loaded = read_components(components)
    except ComponentsFileError as error:
        raise click.BadParameter(clean(error.reason), param_hint="'--components'") from None
    rules = {}
    for item in house_rule:
        option, sep, value = item.partition("=")
        if not sep:
            raise click.BadParameter(
                f"{clean(item)!r}: write NAME=VALUE", param_hint="'--house-rule'"
            )
        rules[option.strip()] = value.strip()
    boards = {}
    for item in board:
        name, sep, side = item.partition("=")
        if not sep or name.strip() not in names or side.strip() not in ("A", "B"):
            raise click.BadParameter(
                f"{clean(item)!r}: write NAME=A or NAME=B for a player", param_hint="'--board'"
            )
        boards[name.strip()] = side.strip()
    folder = os.path.dirname(os.path.abspath(file))
    relative = os.path.relpath(os.path.abspath(components), folder).replace(os.sep, "/")
    if started is None:
        started = datetime.date.today().isoformat()
    text = new_log_text(
        names,
        relative,
        loaded.sha256,
        seed or random_seed(),
        first=first,
        title=title or None,
        site=site or None,
        started=started or None,
        roles_side=roles_side,
        boards=boards,
        house_rules=rules,
    )
    try:
        record = anylog.parse_any(text, os.path.join(folder, os.path.basename(file)))
        assert isinstance(record, anylog.GameRecord)
        anylog.replay(record)
    except LogError as error:
        raise click.UsageError("; ".join(clean(p.message) for p in error.problems)) from None
    if dry_run:
        _echo(text.rstrip("\n"))
        return
    try:
        create_log(file, text)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    out = _encoded([(f"created {clean(file)}: World Exchangers, {', '.join(names)}", False)])
    _print_written(out, f"the new log {clean(file)}", file)


def _other_schema(which: str, game: str, listing: bool) -> None:
    """``schema --game``/``--list``: any game's published schemas by role."""
    from . import games

    if listing:
        for name in games.names():
            for role, schema in games.get(name).schemas().items():
                _echo(f"{name}\t{role}\t{schema.get('$id', '')}")
        return
    schemas = games.get(game).schemas()
    if which not in schemas:
        raise click.BadParameter(
            f"{game} has no {which} schema (it has {', '.join(schemas)})",
            param_hint="'WHICH'",
        )
    _json(dict(schemas[which]))


# --------------------------------------------------------------------------- completion


@forex.command("completion", epilog=EPILOG)
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion_command(shell: str) -> None:
    """Print the shell completion script for SHELL.

    \b
    bash:  eval "$(forex completion bash)"     (in ~/.bashrc)
    zsh:   eval "$(forex completion zsh)"      (in ~/.zshrc)
    fish:  forex completion fish > ~/.config/fish/completions/forex.fish
    """
    from click.shell_completion import get_completion_class

    cls = get_completion_class(shell)
    assert cls is not None
    _echo(cls(forex, {}, "forex", "_FOREX_COMPLETE").source())


# --------------------------------------------------------------------------- entry point


def main(args: Sequence[str] | None = None) -> None:
    """The console script: run ``forex`` and exit with its status."""
    forex.main(args=list(args) if args is not None else None, prog_name="forex")


if __name__ == "__main__":  # pragma: no cover
    main()
