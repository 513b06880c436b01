"""The ``forex`` command: a thin click layer over the log library and the reporters.

Each command parses its options, calls a library function, picks a reporter
and returns an exit status: 0 ok, 1 an invalid log or an illegal move, 2 a
usage error, a path that cannot be read or an output that cannot be written,
3 a file was changed but what the command had to print could not be (the
change stands), 141 the reader of standard output went away (quietly).  Every problem is printed on
stderr as ``file:line:col: code: message``; nothing here prints a traceback
for a problem a user can cause, and a failing command changes no file.

Only click and the standard library are imported at start-up. The commands
live in ``forexcli.cli``'s modules (one module a family, and ``commands.common``
for what they share); the group imports a command's module only when that
command is looked up (``COMMANDS``), and the library (with ruamel,
jsonschema, tabulate) only where a command needs it, so that ``forex
--help``, shell completion and each command's start-up stay fast.
"""

from __future__ import annotations

import contextlib
import errno
import re
import sys
import time
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from gettext import gettext
from typing import IO, TYPE_CHECKING, Any

import click

from .. import __version__, streams
from ..reporters import clean, use_colour
from ..streams import OutputFailed

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    _Choice = click.Choice[str]  # generic from click 8.2 on
else:
    _Choice = click.Choice


class GameChoice(_Choice):
    """The ``--game`` choice: the names of the registry (``forexcli.games.names``), read
    each time they are needed, so that a game registered later is offered too."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=True)

    @property
    def choices(self) -> tuple[str, ...]:
        """The registered games' names, the default first."""
        from .. import games

        return games.names()

    @choices.setter
    def choices(self, value: Any) -> None:
        """(``click.Choice`` sets its choices once: they are the registry's.)"""


class MoveKindChoice(_Choice):
    """``moves --kind``: the kinds of decision the registered games list by
    (``games.move_kinds``: what their registry lines name, no game imported), in the
    registry's order, read when they are needed."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=True)

    @property
    def choices(self) -> tuple[str, ...]:
        """Every registered game's kinds, each once."""
        from .. import games

        kinds = (kind for name in games.names() for kind in games.move_kinds(name))
        return tuple(dict.fromkeys(kinds))

    @choices.setter
    def choices(self, value: Any) -> None:
        """(``click.Choice`` sets its choices once: they are the games'.)"""

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        """``[resolve|invest|...]``, or ``KIND`` when the kinds would not fit the help's
        line (``KindOption``'s help then names them)."""
        listed = super().get_metavar(param, ctx)
        return listed if listed is None or len(listed) <= WIDEST_KINDS else "KIND"


WIDEST_KINDS = 71
"""The widest ``[a|b|...]`` of ``moves --kind`` the help shows: its line, ``  --kind [...]``,
within 80 columns, as every help keeps; wider, the help writes ``KIND`` and names the kinds
in its text."""


GAME_TEXT = "{games:"
"""How a help text marks where the games' parts go: ``{games:TOPIC}`` (``with_game_texts``)."""


COMPLETING = "_FOREX_COMPLETE"
"""The variable click's shell completion sets (``completion.py``): the options' descriptions
it lists then leave the games' parts out, so that completing imports no game."""


def with_game_texts(text: str | None, *, lookup: bool = True) -> str | None:
    """``text`` (its indentation removed) with each ``{games:TOPIC}`` replaced by the parts
    the registered games write for TOPIC (``games.help_texts``: what their registry lines name,
    no game imported), in the registry's order: as
    paragraphs where it stands as a paragraph of its own (none, the paragraph left out), else
    run together (a part carries its own leading space or punctuation; one that starts with
    a letter is set a space apart from the part before it).  Without ``lookup`` every topic
    has no part (no game is imported)."""
    if not text or GAME_TEXT not in text:
        return text
    import inspect
    import re

    mark = re.compile(r"\{games:([^}]+)\}")

    def parts(topic: str) -> list[str]:
        if not lookup:
            return []
        from .. import games

        texts = (games.help_texts(name).get(topic, "") for name in games.names())
        return [text for text in texts if text]

    def run_together(match: re.Match[str]) -> str:
        joined = ""
        for part in parts(match.group(1)):
            joined += " " + part if joined and part[:1].isalnum() else part
        return joined

    paragraphs = []
    for paragraph in inspect.cleandoc(text).split("\n\n"):
        whole = mark.fullmatch(paragraph)
        if whole is None:
            paragraphs.append(mark.sub(run_together, paragraph))
        else:
            paragraphs.extend(inspect.cleandoc(part) for part in parts(whole.group(1)))
    return "\n\n".join(paragraphs)


EXAMPLE_LABEL = 21
"""The width of the label column of ``forex --help``'s examples (``Start a game:`` and its
spaces)."""


def with_games_named(text: str | None, *, lookup: bool = True) -> str | None:
    """``forex --help``'s ``text`` with the registered games in it, in the registry's order,
    none of them imported where its registry line names its help texts: ``{games:title}``
    their names for people (``games.title``) as a list, ``A, of B and of C``;
    ``{games:examples}`` the lines of each game's ``examples`` part, or for a game without
    one a line that starts a log of it (``Stacks:  forex new stacks.yaml --game stacks
    --players NAME,NAME``).  Without ``lookup`` (shell completion) the text is left as it
    is."""
    if not text or GAME_TEXT not in text or not lookup:
        return text
    import inspect

    from .. import games

    names = games.names()
    titles = [games.title(name) for name in names]
    *others, last = titles or [""]
    listed = f"{', of '.join(others)} and of {last}" if others else last
    lines = []
    for name, title in zip(names, titles, strict=True):
        part = games.help_texts(name).get("examples")
        if part:
            lines.append(inspect.cleandoc(part))
        else:
            label = f"{title}:".ljust(EXAMPLE_LABEL - 1)
            lines.append(f"{label} forex new {name}.yaml --game {name} --players NAME,NAME")
    text = inspect.cleandoc(text).replace("{games:title}", listed)
    return text.replace("{games:examples}", "\n".join(lines))


class GameTextCommand(click.Command):
    """A command whose help holds the games' parts (``with_game_texts``), put in when the help
    is shown."""

    written_help: str | None = None
    """The help as the command writes it, ``{games:TOPIC}`` and all."""

    @property
    def help(self) -> str | None:
        """The help with the games' parts."""
        return with_game_texts(self.written_help)

    @help.setter
    def help(self, value: str | None) -> None:
        self.written_help = value


class GameTextOption(click.Option):
    """An option whose help holds the games' parts (``with_game_texts``), put in when the help
    is shown."""

    written_help: str | None = None
    """The help as the command writes it, ``{games:TOPIC}`` and all."""

    @property
    def help(self) -> str | None:
        """The help with the games' parts (none while the shell completes an option)."""
        import os

        return with_game_texts(self.written_help, lookup=COMPLETING not in os.environ)

    @help.setter
    def help(self, value: str | None) -> None:
        self.written_help = value


class KindOption(GameTextOption):
    """``moves --kind``: its help names the kinds when its choice shows ``KIND`` (too many
    games' kinds to list beside the option)."""

    @property
    def help(self) -> str | None:
        """The help, then ``KIND: one of ...`` when the kinds are not listed beside it."""
        import os

        text = with_game_texts(self.written_help, lookup=COMPLETING not in os.environ)
        if text is None or COMPLETING in os.environ:
            return text
        kinds = MoveKindChoice().choices
        if len("|".join(kinds)) + 2 <= WIDEST_KINDS:
            return text
        return f"{text} KIND: one of {', '.join(kinds)}."

    @help.setter
    def help(self, value: str | None) -> None:
        self.written_help = value


STARTED = time.perf_counter()
"""When the command started (its imports of click and the package aside): ``hint`` and ``play
--engine`` count their ``--seconds`` from it."""


MESSAGE_FORMATS = ("text", "markdown", "bbcode")
"""The formats ``Game.message`` takes (``games.base``; kept here so that start-up imports no
game)."""

EPILOG = """\b
Exit status: 0 ok; 1 an invalid log or an illegal move; 2 a usage error, a
path that cannot be read or an output that cannot be written; 3 a file was
changed but the report could not be printed (the change stands).

\b
Colour is used only on a terminal, and never when NO_COLOR is set.
Shell completion: eval "$(forex completion bash)" (or zsh, fish).
See forex(1) for the log format and examples."""

# --------------------------------------------------------------------------- plumbing

ERROR_FORMAT = "forex-error"
"""The ``format`` of the JSON a ``--format json`` command prints on stdout when it fails."""


def _asks_json(args: Sequence[str]) -> bool:
    """Whether command-line ``args`` ask for ``--format json`` (before they are parsed)."""
    for index, arg in enumerate(args):
        if arg == "--":
            break
        following = args[index + 1 : index + 2]
        if arg == "--format=json" or (arg == "--format" and following == ["json"]):
            return True
    return False


def error_data(problems: list[dict[str, Any]], status: int) -> dict[str, Any]:
    """The ``forex-error`` document of ``problems`` (as ``Problem.as_dict`` gives them) that
    end a command with exit ``status``."""
    return {"format": ERROR_FORMAT, "version": 1, "exit_status": status, "problems": problems}


def error_json(problems: list[dict[str, Any]], status: int) -> None:
    """The problems of a failed ``--format json`` command as JSON on stdout (the same problem
    objects as ``validate --format json``); the text goes to stderr as always."""
    data = error_data(problems, status)
    with contextlib.suppress(OutputFailed):
        echo(json_text(data))


class HintedUsageError(click.UsageError):
    """A usage error printed as click prints one, then its ``hints`` (what to do instead),
    each ``  hint: ...`` as under every other problem."""

    def __init__(
        self, message: str, ctx: click.Context | None = None, *, hints: Sequence[str] = ()
    ) -> None:
        super().__init__(message, ctx)
        self.hints = tuple(hints)

    def show(self, file: IO[Any] | None = None) -> None:
        super().show(file)
        if self.hints:
            from ..reporters.problems import hint_text

            click.echo("\n".join(hint_text(hint) for hint in self.hints), file=file, err=True)


class JsonUsageError(HintedUsageError):
    """A usage error of a ``--format json`` command: JSON on stdout, the usage on stderr."""

    def show(self, file: IO[Any] | None = None) -> None:
        from ..record.problems import Problem

        command = self.ctx.command_path if self.ctx is not None else "forex"
        hints = (*self.hints, f"{command} --help lists what it takes")
        problem = Problem("usage_error", self.format_message(), "usage", command, hints=hints)
        error_json([problem.as_dict()], self.exit_code)
        with contextlib.suppress(OSError):
            super().show(file)


AT_PROMPT: Callable[[str], str] | None = None
"""While the game at a prompt (``forex play FILE NAME``'s loop) runs a command for it: what
turns the shell commands its report, hints and problems print into the prompt's own words
(``forex moves FILE`` -> ``moves``, ``forex play FILE NAME 'DECISION'`` -> the bare decision);
None: a command typed in the shell, whose words stay."""


def at_prompt() -> bool:
    """Whether the command runs for the game at a prompt (``AT_PROMPT``), not in the shell."""
    return AT_PROMPT is not None


def prompt_words(text: str) -> str:
    """``text`` in the words of the prompt the command runs at (``AT_PROMPT``), else as it
    is."""
    return text if AT_PROMPT is None else AT_PROMPT(text)


def echo(text: str, *, err: bool = False) -> None:
    """Print ``text`` (a line break added if it has none) on stdout, or stderr with ``err``.

    Characters the stream cannot carry are written as plain fallbacks
    (``streams.plain``); a write that fails raises ``OutputFailed``.  At the game's prompt,
    the commands it names are the prompt's words (``prompt_words``).
    """
    if not text:
        return
    text = prompt_words(text)
    stream = sys.stderr if err else sys.stdout
    if stream is None:  # closed (``>&-``): an output that cannot be written, but stderr's
        if err:
            return
        raise streams.closed()
    text = streams.plain(text, stream)
    try:
        # Colour codes are added only when wanted (see use_colour), so click must not strip them.
        click.echo(text, file=stream, nl=not text.endswith("\n"), color=True)
    except OSError as error:
        raise OutputFailed(error, "standard error" if err else "standard output") from None


def json_text(data: Any) -> str:
    """``data`` as indented JSON; non-ASCII characters as ``\\u`` escapes when standard output
    cannot carry them (so that nothing is lost to a fallback)."""
    import json

    text = json.dumps(data, indent=2, ensure_ascii=False)
    if not streams.can_encode(text, sys.stdout):
        text = json.dumps(data, indent=2, ensure_ascii=True)
    return text


# --------------------------------------------------------------------------- the commands

COMMANDS: dict[str, tuple[str, str]] = {
    "analyse": (
        "forexcli.cli.engine:analyse_command",
        "Judge every recorded decision of FILE against the engine's choice.",
    ),
    "annotate": (
        "forexcli.cli.edits:annotate_command",
        "Set the note of move N to TEXT (its words joined; - reads standard input).",
    ),
    "chart": (
        "forexcli.cli.show:chart_command",
        "Draw the whole game as an SVG line chart: what the game follows, move by move.",
    ),
    "completion": (
        "forexcli.cli.completion:completion_command",
        "Print the shell completion script for SHELL.",
    ),
    "diff": (
        "forexcli.cli.history:diff_command",
        "Compare two copies A and B of a game: where they part, and which to continue from.",
    ),
    "hint": (
        "forexcli.cli.engine:hint_command",
        "The engine's best decisions for whoever decides next in FILE.",
    ),
    "history": (
        "forexcli.cli.history:history_command",
        "List the decisions of FILE as a table, with their notes.",
    ),
    "html": (
        "forexcli.cli.show:html_command",
        "Write the game as one HTML page to step through in a browser: a replay.",
    ),
    "import": (
        "forexcli.cli.bga:import_command",
        "Import a Board Game Arena table log TABLE_LOG as a game log OUT.yaml.",
    ),
    "key": (
        "forexcli.cli.keys:key_group",
        "Make an Ed25519 key to sign moves with (OpenSSH format, as ssh-keygen writes it).",
    ),
    "message": (
        "forexcli.cli.mail:message_command",
        "Print a ready-to-send message about the game as it stands.",
    ),
    "moves": (
        "forexcli.cli.show:moves_command",
        "List the legal decisions of whoever must decide next.",
    ),
    "new": (
        "forexcli.cli.new:new_command",
        "Start a game in a new log FILE (never overwrites a file).",
    ),
    "play": (
        "forexcli.cli.play:play_command",
        "Check one DECISION of PLAYER and append it to FILE.",
    ),
    "read": (
        "forexcli.cli.mail:read_command",
        "Take the log out of a MAIL and save it into LOG, after checking it.",
    ),
    "rules": (
        "forexcli.cli.rules:rules_command",
        "Tell a game's rules in short: the goal, what each kind of decision does, how the game"
        " ends and is scored.",
    ),
    "schema": (
        "forexcli.cli.schema:schema_command",
        "Print a JSON Schema: of a game's log format (log), of show --format json (show), of"
        " play --format json (play), or of a game's components file (components).",
    ),
    "seat": (
        "forexcli.cli.seat:seat_command",
        "Hand PLAYER's seat to the engine (--engine), or back to a person (--person).",
    ),
    "selfplay": (
        "forexcli.cli.engine:selfplay_command",
        "Play complete games between engines (or the ladder's other players) into FOLDER.",
    ),
    "show": (
        "forexcli.cli.show:show_command",
        "Show the game: last move and note, board, standings, who decides next, the result.",
    ),
    "sign": (
        "forexcli.cli.keys:sign_command",
        "Sign move N of FILE: its cosigner countersigns, or a player signs a move of theirs.",
    ),
    "undo": (
        "forexcli.cli.edits:undo_command",
        "Remove the last move of FILE (for the sender, before the mail goes out).",
    ),
    "validate": (
        "forexcli.cli.validate:validate_command",
        "Check game logs: YAML, schema, set-up, and every move by the rules.",
    ),
}
"""Every command of ``forex``: where it is (``module:attribute``, imported when the command is
looked up) and its short help, the first sentence of its help: ``forex --help`` lists the
commands from here, importing none of them (a test keeps the two equal)."""


def _imported(location: str) -> Any:
    """What ``module:attribute`` names, its module imported (by ``__import__``, which
    ``python -X importtime`` lists, unlike ``importlib.import_module``)."""
    module, _, attribute = location.partition(":")
    return getattr(__import__(module, fromlist=[attribute]), attribute)


class LazyCommands(MutableMapping[str, click.Command]):
    """A group's commands by name: those of a table (name: ``(module:attribute, short
    help)``) are imported from their module when first looked up, others are added as usual.

    Iterating gives the names alone, so that listing the commands (``forex --help``, the
    ``did you mean`` of an unknown one) imports nothing.
    """

    def __init__(self, table: dict[str, tuple[str, str]]) -> None:
        self.where = {name: location for name, (location, _short_help) in table.items()}
        self.loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        command = self.loaded.get(name)
        if command is None:
            command = _imported(self.where[name])
            assert isinstance(command, click.Command), self.where[name]
            self.loaded[name] = command
        return command

    def __setitem__(self, name: str, command: click.Command) -> None:
        self.loaded[name] = command

    def __delitem__(self, name: str) -> None:
        if name not in self:
            raise KeyError(name)
        self.where.pop(name, None)
        self.loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        yield from self.where
        yield from (name for name in self.loaded if name not in self.where)

    def __len__(self) -> int:
        return len(self.where.keys() | self.loaded.keys())

    def __contains__(self, name: object) -> bool:
        return name in self.where or name in self.loaded


# --------------------------------------------------------------------------- group

HELP_MAX_WIDTH = 100
"""The help is never wider than this, however wide the terminal."""

_OUTPUT_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT})
"""The errors of a write to standard output (click's own help and usage text included)."""


class ForexGroup(click.Group):
    """The ``forex`` group: usage errors never print control characters from the arguments;
    a bare ``forex`` prints the help (on every click version); output that cannot be written
    ends the command cleanly (see ``forexcli.streams``).

    With ``command_table`` (see ``COMMANDS``) its commands are imported only when looked
    up (click's lazy loading: ``commands`` is a ``LazyCommands``), and the help and shell
    completion list them from the table.
    """

    written_help: str | None = None
    """The help as the group writes it, ``{games:title}`` and ``{games:examples}`` marks and
    all."""

    @property
    def help(self) -> str | None:
        """The help with the registered games named (``with_games_named``)."""
        import os

        return with_games_named(self.written_help, lookup=COMPLETING not in os.environ)

    @help.setter
    def help(self, value: str | None) -> None:
        self.written_help = value

    def __init__(
        self,
        *args: Any,
        command_table: dict[str, tuple[str, str]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.command_table = command_table or {}
        commands = LazyCommands(self.command_table)
        commands.update(self.commands)
        self.commands = commands

    def listed_commands(self, ctx: click.Context) -> list[str]:
        """The commands the help and shell completion list: the table's, and the others that
        are not hidden (only those are imported)."""
        return [
            name
            for name in self.list_commands(ctx)
            if name in self.command_table or not self.commands[name].hidden
        ]

    def command_short_help(self, name: str, limit: int = 45) -> str:
        """Command ``name``'s short help within ``limit`` characters, as click makes it: from
        the table if it is there, importing nothing."""
        if name in self.command_table:
            stand_in = click.Command(name, help=self.command_table[name][1])
            return stand_in.get_short_help_str(limit)
        return self.commands[name].get_short_help_str(limit)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands section of the help, as click writes it, from ``command_short_help``."""
        names = self.listed_commands(ctx)
        if names:
            limit = formatter.width - 6 - max(len(name) for name in names)
            with formatter.section(gettext("Commands")):
                formatter.write_dl([(name, self.command_short_help(name, limit)) for name in names])

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        """The commands starting with ``incomplete`` (with their short help) and the
        group's options, as click completes them, from ``command_short_help``."""
        from click.shell_completion import CompletionItem

        results = [
            CompletionItem(name, help=self.command_short_help(name))
            for name in self.listed_commands(ctx)
            if name.startswith(incomplete)
        ]
        results.extend(click.Command.shell_complete(self, ctx, incomplete))
        return results

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
            echo(ctx.get_help())
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
    cls = JsonUsageError if json else HintedUsageError
    hints = tuple(getattr(error, "hints", ()))
    return cls(clean(error.format_message() + _dash_hint(error)), error.ctx, hints=hints)


def _dash_hint(error: click.UsageError) -> str:
    """For an unknown option given to a command that takes words (a note, a decision, paths),
    unless it looks like a long option mistyped, how to give a word that starts with ``-``:
    `` (an argument that starts with - goes after --: forex annotate FILE N -- [TEXT]...)``;
    else nothing."""
    ctx = error.ctx
    if not isinstance(error, click.NoSuchOption) or ctx is None or error.possibilities:
        return ""
    if re.fullmatch(r"--[A-Za-z][\w-]*", error.option_name):
        return ""
    arguments = [param for param in ctx.command.params if isinstance(param, click.Argument)]
    for index, param in enumerate(arguments):
        # -- goes before the first argument that may start with - (a player's name, words)
        if param.nargs == -1 or isinstance(param.type, click.types.StringParamType):
            before = [piece for p in arguments[:index] for piece in p.get_usage_pieces(ctx)]
            after = [piece for p in arguments[index:] for piece in p.get_usage_pieces(ctx)]
            usage = " ".join([ctx.command_path, *before, "--", *after])
            return f" (an argument that starts with - goes after --: {usage})"
    return ""


@click.group(
    cls=ForexGroup,
    command_table=COMMANDS,
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
    """Record, check, show and play games of {games:title} as YAML logs.

    \b
    {games:examples}
    """
    ctx.ensure_object(dict)
    ctx.obj["color"] = color
    ctx.color = use_colour(sys.stdout, color)


# --------------------------------------------------------------------------- entry point


def main(args: Sequence[str] | None = None) -> None:
    """The console script: run ``forex`` and exit with its status."""
    forex.main(args=list(args) if args is not None else None, prog_name="forex")


if __name__ == "__main__":  # pragma: no cover
    main()
