"""The ``forex`` command: a thin click layer over the log library and the reporters.

Each command parses its options, calls a library function, picks a reporter
and returns an exit status: 0 ok, 1 an invalid log or an illegal move, 2 a
usage error or a path that cannot be read.  Every problem is printed on
stderr as ``file:line:col: code: message``; nothing here prints a traceback
for a problem a user can cause, and a failing command changes no file.

Only click and the standard library are imported at start-up: the library
(and with it ruamel, jsonschema, tabulate) is imported by the commands that
need it, so that ``forex --help`` and shell completion stay fast.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from . import __version__
from .reporters import FORMATS, Style, clean, use_colour

if TYPE_CHECKING:
    from .gamelog import GameLog, Replay
    from .problems import Problem
    from .reporters.game import View

F = TypeVar("F", bound=Callable[..., Any])

KINDS = ("resolve", "invest", "contract", "divest", "sell", "strengthen", "strongest", "spot")

EPILOG = """\b
Exit status: 0 ok; 1 an invalid log or an illegal move; 2 a usage error or a
path that cannot be read.
\b
Colour is used only on a terminal, and never when NO_COLOR is set.
Shell completion: eval "$(forex completion bash)" (or zsh, fish).
See forex(1) for the log format and examples."""


# --------------------------------------------------------------------------- plumbing


class ProblemExit(click.ClickException):
    """Problems to print on stderr (``file:line:col: code: message``) and an exit status."""

    exit_code: int  # type: ignore[misc]  # set per instance: 1 or 2

    def __init__(self, problems: Sequence[Problem], exit_code: int | None = None) -> None:
        from .reporters.problems import exit_code as code_of

        super().__init__("; ".join(p.message for p in problems))
        self.problems = list(problems)
        self.exit_code = code_of(self.problems) if exit_code is None else exit_code
        self.colour = _colour_choice()

    def show(self, file: IO[Any] | None = None) -> None:
        from .reporters.problems import problems_text

        stream = file if file is not None else sys.stderr
        style = Style(use_colour(stream, self.colour))
        click.echo(problems_text(self.problems, style), file=stream, color=True)


def _colour_choice() -> str:
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if isinstance(ctx.obj, dict) and "color" in ctx.obj:
            return str(ctx.obj["color"])
        ctx = ctx.parent
    return "auto"


def _out_style() -> Style:
    return Style(use_colour(sys.stdout, _colour_choice()))


def _echo(text: str) -> None:
    # Colour codes are added only when wanted (see use_colour), so click must not strip them.
    if not text:
        return
    click.echo(text, nl=not text.endswith("\n"), color=True)


def _read_stdin() -> bytes:
    from .gamelog import MAX_LOG_BYTES

    data: bytes = sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
    return data


def load_replay(path: str) -> tuple[GameLog, Replay]:
    """Read, check and replay a log (``-`` reads standard input); problems exit."""
    from .digests import check_digests
    from .gamelog import MAX_LOG_BYTES, load, parse_log, replay
    from .problems import LogError, Problem
    from .reporters.problems import problem_text

    try:
        if path == "-":
            data = _read_stdin()
            if len(data) > MAX_LOG_BYTES:
                raise LogError(
                    [Problem("too_large", "standard input is too large for a log", "io", "<stdin>")]
                )
            log = parse_log(data, "<stdin>")
        else:
            log = load(path)
        played = replay(log)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    mismatch = check_digests(played)
    if mismatch is not None:
        # Shown, but not fatal: the moves still replay by the rules.
        style = Style(use_colour(sys.stderr, _colour_choice()))
        click.echo(style.warning("warning: ") + problem_text(mismatch, style), err=True, color=True)
    return log, played


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


def _json(data: Any) -> None:
    import json

    _echo(json.dumps(data, indent=2, ensure_ascii=False))


def _contact(log: GameLog, player: str | None) -> str | None:
    contacts = log.header.get("contacts")
    if player is None or not isinstance(contacts, dict):
        return None
    address = contacts.get(player)
    return address if isinstance(address, str) else None


# --------------------------------------------------------------------------- group


class ForexGroup(click.Group):
    """A click group whose usage errors never print control characters from the arguments."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:
            raise _cleaned(error) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            raise _cleaned(error) from None


def _cleaned(error: click.UsageError) -> click.UsageError:
    """The same usage error, its message (with the parameter it names) escaped."""
    cleaned = click.UsageError(clean(error.format_message()), error.ctx)
    return cleaned


@click.group(
    cls=ForexGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
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
    import re

    from .schema_source import PLAYER_NAME_PATTERN, RESERVED_ENTRY_KEYS

    if name in RESERVED_ENTRY_KEYS or not re.match(PLAYER_NAME_PATTERN, name):
        raise click.BadParameter(
            f"{clean(name)!r} is not a valid player name: 1 to 32 characters, no control"
            " characters, none of ; : # , and not `note` or `digest`",
            param_hint=what,
        )


@forex.command("new", epilog=EPILOG)
@click.argument("file", type=click.Path(dir_okay=False))
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
    "--schema-ref",
    metavar="URL|PATH",
    help="The schema named in the first-line modeline for editors [the installed schema,"
    " relative to FILE]; an empty value leaves the modeline out.",
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
    schema_ref: str | None,
    dry_run: bool,
) -> None:
    """Start a game in a new log FILE (never overwrites a file).

    The log records the seat order, the first player and the 6 certificates
    removed at set-up (given, or drawn from a seed), with no moves yet.
    """
    import datetime

    from .engine import CURRENCIES, SetupError, draw_removed, new_game
    from .gamelog import parse_log
    from .problems import LogError
    from .reporters.newlog import (
        create_log,
        new_log_text,
        parse_removed,
        random_seed,
        schema_ref_for,
    )

    names = _split_names(players) + [p.strip() for p in player]
    if not names:
        raise click.UsageError("name the players: --players alice,bob,carol")
    for name in names:
        _check_name(name, "'--players'")
    if first is not None:
        _check_name(first, "'--first'")
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
                f"{clean(name.strip())!r} is not one of the players", param_hint="'--contact'"
            )
        contacts[name.strip()] = address.strip()
    try:
        new_game(names, counts if counts is not None else draw_removed(seed or ""), first)
    except SetupError as error:
        raise click.UsageError(clean(error.reason)) from None
    if started is None:
        started = datetime.date.today().isoformat()
    ref = schema_ref_for(file) if schema_ref is None else schema_ref
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
    )
    try:
        log = parse_log(text, file)
    except LogError as error:  # a value the schema refuses (a title too long, ...)
        raise ProblemExit(error.problems, exit_code=2) from None
    if dry_run:
        _echo(text)
        return
    try:
        create_log(file, text)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    gone = ", ".join(f"{n} {c}" for c, n in zip(CURRENCIES, log.removed, strict=True) if n)
    drawn = f" (drawn from seed {seed!r})" if seed is not None else ""
    _echo(
        f"created {clean(file)}: {', '.join(clean(n) for n in names)};"
        f" {clean(log.first)} plays first; removed {gone}{drawn}\n"
        f"next: forex moves {clean(file)}"
    )


# --------------------------------------------------------------------------- show


@forex.command("show", epilog=EPILOG)
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
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
    help="Also list the moves after move N with what each caused (what happened since you"
    " last looked).",
)
@_format_option()
def show_command(file: str, at: int | None, since: int | None, fmt: str) -> None:
    """Show the game: board, money, certificates, queue, who decides next, the result.

    FILE may be - for standard input.
    """
    from .reporters.game import show_data, show_text

    view = _view(file, at)
    since_point = None
    if since is not None:
        since_point = _point(view.total, since, file, "--since")
        if since_point > view.at:
            raise click.BadParameter(
                f"--since {since} is after the move shown ({view.at})", param_hint="'--since'"
            )
    if fmt == "json":
        _json(show_data(view, since_point))
        return
    _echo(show_text(view, markdown=fmt == "markdown", since=since_point, style=_out_style()))


# --------------------------------------------------------------------------- moves


@forex.command("moves", epilog=EPILOG)
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
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
    help="Every legal decision, one per line, exactly as forex play takes it.",
)
@_format_option()
def moves_command(file: str, at: int | None, kinds: tuple[str, ...], every: bool, fmt: str) -> None:
    """List the legal decisions of whoever must decide next.

    Decisions are grouped: contracts per pair and direction with their
    amount range, investments, divests, divest answers, tie choices, spot
    transactions. Each is written exactly as forex play takes it.
    """
    from .reporters.game import moves_data, moves_text

    view = _view(file, at)
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
        )
    )


# --------------------------------------------------------------------------- play


@forex.command("play", epilog=EPILOG)
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("player")
@click.argument("decision", nargs=-1, required=True)
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
@_format_option()
def play_command(
    file: str,
    player: str,
    decision: tuple[str, ...],
    note: str | None,
    dry_run: bool,
    after: int | None,
    digest: bool,
    fmt: str,
) -> None:
    """Check one DECISION of PLAYER and append it to FILE.

    The words of DECISION are joined with spaces, so both work:

    \b
      forex play game.yaml bob contract 6 USD for 12 JPY
      forex play game.yaml bob "spot 1 GBP to carol for 1.5 EUR; invest USD"

    Prints what changed (payments, rates that moved, loans, dividends) and
    who decides next.
    """
    from . import edit
    from .problems import LogError
    from .reporters.game import play_data, play_text

    text = " ".join(word.strip() for word in decision if word.strip())
    try:
        change = edit.append(
            file, player, text, note=note, after=after, dry_run=dry_run, digest=digest
        )
    except LogError as error:
        raise ProblemExit(error.problems) from None
    played = change.replay
    number = len(played.states)
    before = played.state_after(number - 1)
    after_state = played.final
    entry = played.log.entries[-1]
    events = played.events[-1]
    if fmt == "json":
        _json(
            play_data(
                file,
                number,
                entry.player,
                entry.text,
                entry.note,
                before,
                after_state,
                events,
                written=change.written,
                digest=entry.digest,
            )
        )
        return
    _echo(
        play_text(
            file,
            number,
            entry.player,
            entry.text,
            before,
            after_state,
            events,
            written=change.written,
            markdown=fmt == "markdown",
            style=_out_style(),
        )
    )
    address = _contact(played.log, after_state.pending_player)
    if address and change.written and fmt == "text" and after_state.pending_player != entry.player:
        who = after_state.pending_player or ""
        _echo(f"Send {clean(file)} to {clean(who)}: {clean(address)}")


# --------------------------------------------------------------------------- history


@forex.command("history", epilog=EPILOG)
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--events", is_flag=True, help="Also say what each move caused.")
@_format_option()
def history_command(file: str, events: bool, fmt: str) -> None:
    """List the decisions of FILE as a table, with their notes.

    An illegal move is marked, and reported on stderr (exit status 1).
    """
    from .reporters.game import history_data, history_text

    log, played = load_replay(file)
    if fmt == "json":
        _json(history_data(log, played))
    else:
        _echo(
            history_text(log, played, events=events, markdown=fmt == "markdown", style=_out_style())
        )
    if played.problem is not None:
        raise ProblemExit([played.problem])


# --------------------------------------------------------------------------- annotate / undo


@forex.command("annotate", epilog=EPILOG)
@click.argument("file", type=click.Path(dir_okay=False))
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
    from . import edit
    from .problems import LogError

    if remove and text:
        raise click.UsageError("give a TEXT or --remove, not both")
    if not remove and not text:
        raise click.UsageError("give the note's TEXT (or --remove to remove the note)")
    note: str | None = None
    if not remove:
        note = sys.stdin.read().rstrip("\n") if text == ("-",) else " ".join(text)
    try:
        change = edit.set_note(file, number, note, dry_run=dry_run)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    if dry_run:
        _echo(change.new_text)
        return
    if change.old_text == change.new_text:
        _echo(f"move {number} has no note; {clean(file)} is unchanged")
    elif note is None:
        _echo(f"removed the note of move {number} in {clean(file)}")
    else:
        _echo(f"set the note of move {number} in {clean(file)}")


@forex.command("undo", epilog=EPILOG)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--dry-run", is_flag=True, help="Say which move would be removed; write nothing.")
@click.option(
    "--after",
    type=click.IntRange(min=1),
    metavar="N",
    help="Refuse unless the log has exactly N moves (so that only the move you made goes).",
)
def undo_command(file: str, dry_run: bool, after: int | None) -> None:
    """Remove the last move of FILE (for the sender, before the mail goes out)."""
    from . import edit
    from .gamelog import load
    from .problems import LogError, Problem
    from .reporters.game import pending_text

    try:
        log = load(file)
        if after is not None and after != len(log.entries):
            raise LogError(
                [
                    Problem(
                        "log_moved_on",
                        f"the log has {len(log.entries)} moves, not {after}; nothing was removed",
                        "edit",
                        file,
                    )
                ]
            )
        change = edit.remove_last(file, dry_run=dry_run)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    last = log.entries[-1] if log.entries else None
    what = f"move {last.number}: {last.player}: {last.text}" if last else "the last move"
    verb = "would remove" if dry_run else "removed"
    _echo(
        f"{verb} {clean(what)} from {clean(file)}\nnext: {clean(pending_text(change.replay.final))}"
    )


# --------------------------------------------------------------------------- validate


def _is_log_text(data: bytes) -> bool:
    import re

    return re.search(rb"(?m)^forex[ \t]*:", data) is not None


def _collect(paths: Sequence[str]) -> tuple[list[str], list[Problem]]:
    """The files to check: files as given, folders searched for *.yaml and *.yml."""
    from .problems import Problem

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
def validate_command(
    paths: tuple[str, ...], fmt: str, quiet: bool, verbose: bool, only_logs: bool
) -> None:
    """Check game logs: YAML, schema, set-up, and every move by the rules.

    PATHS are files or folders; folders are searched recursively for *.yaml
    and *.yml files (hidden files and folders are skipped). - reads one log
    from standard input. Exit status 0 when every log is valid, 1 when one
    is invalid, 2 when a path cannot be read.
    """
    from .digests import check_digests
    from .gamelog import check, parse_log, read_bytes, replay
    from .problems import LogError
    from .reporters.game import pending_text
    from .reporters.problems import FileReport, ValidateReport, validate_github, validate_text

    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose do not go together")
    files, missing = _collect(paths)
    report = ValidateReport(usage=missing)
    for name in files:
        item = FileReport(name)
        played = None
        if name == "-":
            try:
                played = replay(parse_log(_read_stdin(), "<stdin>"))
                item.file = "<stdin>"
                item.problems = [played.problem] if played.problem else []
            except LogError as error:
                item.file = "<stdin>"
                item.problems = list(error.problems)
        else:
            if only_logs:
                try:
                    if not _is_log_text(read_bytes(name)):
                        report.skipped.append(name)
                        continue
                except LogError:
                    pass  # reported by check() below
            item.problems, played = check(name)
        if played is not None and not item.problems:
            mismatch = check_digests(played)
            if mismatch is not None:
                item.problems = [mismatch]
        if played is not None and not item.problems:
            item.moves = len(played.states)
            item.status = pending_text(played.final)
        report.files.append(item)
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
@click.argument("which", type=click.Choice(["log", "show"]), default="log")
def schema_command(which: str) -> None:
    """Print a JSON Schema: of the log format (log), or of show --format json (show)."""
    import json

    if which == "log":
        from .gamelog import log_schema

        _json(log_schema())
        return
    from .reporters.schema import show_schema

    _echo(json.dumps(show_schema(), indent=2, ensure_ascii=False))


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
    try:
        forex.main(args=list(args) if args is not None else None, prog_name="forex")
    except BrokenPipeError:
        # The reader went away (forex history game.yaml | head): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(141)


if __name__ == "__main__":  # pragma: no cover
    main()
