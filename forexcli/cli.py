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

MESSAGE_FORMATS = ("text", "markdown", "bbcode")
"""The formats of ``forexcli.message`` (kept here so that start-up does not import it)."""

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


def read_log(path: str) -> GameLog:
    """Read and check a log against the schema (``-`` reads standard input).

    Raises ``LogError``.
    """
    from .gamelog import MAX_LOG_BYTES, load, parse_log
    from .problems import LogError, Problem

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
    from .digests import check_digests
    from .gamelog import replay
    from .problems import LogError
    from .reporters.problems import problem_text

    try:
        log = read_log(path)
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
    Catch up:            forex show game.yaml --since-player bob
    A message to send:   forex play game.yaml alice invest USD --message
    Two copies differ:   forex diff mine.yaml theirs.yaml
    Pictures:            forex show game.yaml --svg board.svg; forex chart game.yaml -o chart.svg
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
    house_rule: tuple[str, ...],
    schema_ref: str | None,
    dry_run: bool,
) -> None:
    """Start a game in a new log FILE (never overwrites a file).

    The log records the seat order, the first player and the 6 certificates
    removed at set-up (given, or drawn from a seed), the house rules if any,
    with no moves yet.
    """
    import datetime

    from .engine import CURRENCIES, HouseRules, SetupError, draw_removed, new_game
    from .gamelog import parse_log
    from .problems import LogError
    from .reporters.newlog import (
        create_log,
        new_log_text,
        parse_house_rule,
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
        house_rules=rules,
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
    house = "".join(f"; house rule {option}={value}" for option, value in rules.items())
    _echo(
        f"created {clean(file)}: {', '.join(clean(n) for n in names)};"
        f" {clean(log.first)} plays first; removed {gone}{drawn}{house}\n"
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
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Draw the board (after --at N) as an SVG picture into OUT.svg instead of the tables;"
    " - writes it to standard output.",
)
@click.option("--force", is_flag=True, help="With --svg: replace OUT.svg if it exists.")
@_format_option()
@click.pass_context
def show_command(
    ctx: click.Context,
    file: str,
    at: int | None,
    since: int | None,
    since_player: str | None,
    svg_path: str | None,
    force: bool,
    fmt: str,
) -> None:
    """Show the game: board, money, certificates, queue, who decides next, the result.

    FILE may be - for standard input.
    """
    from .reporters.game import show_data, show_text

    if since is not None and since_player is not None:
        raise click.UsageError("give --since or --since-player, not both")
    if svg_path is not None:
        if since is not None or since_player is not None:
            raise click.UsageError("--svg draws the board only: leave out --since/--since-player")
        if ctx.get_parameter_source("fmt") is not click.core.ParameterSource.DEFAULT:
            raise click.UsageError("--svg draws the board only: leave out --format")
    elif force:
        raise click.UsageError("--force goes with --svg (it replaces the picture's file)")
    view = _view(file, at)
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
        from .svg import board_svg

        title = view.log.title or os.path.basename(view.log.filename)
        where = f"after move {view.at}" if view.at else "at the start"
        _write_picture(svg_path, board_svg(view.state, f"{title}, {where}"), force, "board")
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
        )
    )


def _last_move_before(played: Replay, player: str, at: int) -> int:
    """``player``'s last decision at or before move ``at`` (0 when none); a usage error for
    a name that is not a player."""
    from .catchup import last_move_of

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


def _write_picture(path: str, svg: str, force: bool, what: str) -> None:
    """Write an SVG to ``path`` (atomically, never over a file without ``force``), or to
    standard output for ``-``."""
    from .problems import LogError
    from .reporters.files import write_output

    if path == "-":
        _echo(svg)
        return
    try:
        write_output(path, svg, force=force)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    _echo(f"wrote the {what} to {clean(path)}")


# --------------------------------------------------------------------------- chart


@forex.command("chart", epilog=EPILOG)
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "-o",
    "--output",
    metavar="OUT.svg",
    type=click.Path(dir_okay=False, allow_dash=True),
    default="-",
    help="Write the chart to OUT.svg [- : standard output].",
)
@click.option("--title", metavar="TEXT", help="The chart's title [the game's title].")
@click.option("--force", is_flag=True, help="Replace OUT.svg if it exists.")
def chart_command(file: str, output: str, title: str | None, force: bool) -> None:
    """Draw each currency's strength over the whole game as an SVG line chart.

    One line per currency, at the start and after every move; dashed lines
    mark the dividends. A currency's strength is how far its six pairs stand
    from 1:1, counted up where it is the stronger side and down where it is
    the weaker: the seven strengths add up to 0. The file is written
    atomically and never replaces a file without --force. FILE may be - for
    standard input.
    """
    from .svg import strength_chart_svg

    _log, played = load_replay(file)
    problem = played.problem
    if problem is not None:
        hint = "the picture needs a log that replays to its end: fix or undo that move"
        raise ProblemExit([replace(problem, hints=(*problem.hints, hint))])
    _write_picture(output, strength_chart_svg(played, title), force, "chart")


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
@_format_option()
def play_command(
    file: str,
    player: str,
    decision: tuple[str, ...],
    note: str | None,
    dry_run: bool,
    after: int | None,
    digest: bool,
    message_fmt: str | None,
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
    """
    from . import edit
    from .problems import LogError
    from .reporters.game import play_data, play_text

    if message_fmt is not None and fmt == "markdown":
        raise click.UsageError(
            "--format markdown shapes the report, which --message replaces: use --message markdown"
        )
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
    message = None
    if message_fmt is not None:
        from .message import compose

        message = compose(played, number - 1, message_fmt)
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
            written=change.written,
            digest=entry.digest,
        )
        if message is not None:
            data["message"] = {
                "format": message.fmt,
                "subject": message.subject,
                "body": message.body,
            }
        _json(data)
        return
    address = _contact(played.log, after_state.pending_player)
    send = None
    if address and change.written and after_state.pending_player != entry.player:
        who = after_state.pending_player or ""
        send = f"Send {clean(file)} to {clean(who)}: {clean(address)}"
    if message is not None:
        done = f"added to {file}" if change.written else f"dry run: {file} is unchanged"
        status = f"move {number}: {entry.player}: {entry.text} ({done})"
        click.echo(clean(status), err=True)
        if send:
            click.echo(send, err=True)
        _echo(message.full())
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
    if send and fmt == "text":
        _echo(send)


# --------------------------------------------------------------------------- message


@forex.command("message", epilog=EPILOG)
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
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
@_format_option(MESSAGE_FORMATS)
def message_command(file: str, since: int | None, since_player: str | None, fmt: str) -> None:
    """Print a ready-to-send message about the game as it stands.

    A subject line (the game's title, the move number and who is to play
    next), then what happened since move N, the board, the money and
    certificates, the queue and who decides next: to mail to the next player
    or post in the game's forum thread, in plain text, markdown or BBCode.
    forex play --message prints the same right after a move. FILE may be -
    for standard input.
    """
    from .message import compose

    if since is not None and since_player is not None:
        raise click.UsageError("give --since or --since-player, not both")
    _log, played = load_replay(file)
    legal = len(played.states)
    if since_player is not None:
        point = _last_move_before(played, since_player, legal)
    elif since is None:
        point = max(legal - 1, 0)
    else:
        point = _point(legal, since, file, "--since")
    _echo(compose(played, point, fmt).full())
    if played.problem is not None:
        raise ProblemExit([played.problem])


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
    from .problems import LogError
    from .reporters.game import pending_text

    try:
        change = edit.remove_last(file, dry_run=dry_run, after=after)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    last = change.removed
    what = f"move {last.number}: {last.player}: {last.text}" if last else "the last move"
    verb = "would remove" if dry_run else "removed"
    _echo(
        f"{verb} {clean(what)} from {clean(file)}\nnext: {clean(pending_text(change.replay.final))}"
    )


# --------------------------------------------------------------------------- diff

DIFF_EPILOG = """\b
Exit status: 0 the two hold the same moves; 1 they differ (one goes further,
they part, or they are different games); 2 a usage error, or a file that
cannot be read or is not a log.
\b
See forex(1) for the log format and examples."""


@forex.command("diff", epilog=DIFF_EPILOG)
@click.argument("file_a", metavar="A", type=click.Path(dir_okay=False, allow_dash=True))
@click.argument("file_b", metavar="B", type=click.Path(dir_okay=False, allow_dash=True))
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
    from .forks import compare
    from .problems import LogError
    from .reporters.forks import diff_data, diff_text

    if file_a == "-" and file_b == "-":
        raise click.UsageError("only one of A and B can be - (standard input)")
    logs = []
    for path in (file_a, file_b):
        try:
            logs.append(read_log(path))
        except LogError as error:
            raise ProblemExit(error.problems, exit_code=2) from None
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
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    metavar="N",
    help="Check the files in N processes [one per core for 64 files or more, else 1].",
)
def validate_command(
    paths: tuple[str, ...], fmt: str, quiet: bool, verbose: bool, only_logs: bool, jobs: int | None
) -> None:
    """Check game logs: YAML, schema, set-up, and every move by the rules.

    PATHS are files or folders; folders are searched recursively for *.yaml
    and *.yml files (hidden files and folders are skipped). - reads one log
    from standard input. Exit status 0 when every log is valid, 1 when one
    is invalid, 2 when a path cannot be read.
    """
    from .digests import check_digests
    from .gamelog import parse_log, replay
    from .problems import LogError
    from .reporters.game import pending_text
    from .reporters.problems import FileReport, ValidateReport, validate_github, validate_text
    from .validation import check_files

    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose do not go together")
    files, missing = _collect(paths)
    report = ValidateReport(usage=missing)
    checked = check_files([name for name in files if name != "-"], jobs, only_logs)
    for name in files:
        if name != "-":
            found = next(checked)
            if found is None:
                report.skipped.append(name)
            else:
                report.files.append(found)
            continue
        item = FileReport("<stdin>")
        played = None
        try:
            played = replay(parse_log(_read_stdin(), "<stdin>"))
            item.problems = [played.problem] if played.problem else []
        except LogError as error:
            item.problems = list(error.problems)
        if played is not None and not item.problems:
            mismatch = check_digests(played)
            if mismatch is not None:
                item.problems = [mismatch]
        if played is not None and not item.problems:
            item.moves = played.moves
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
