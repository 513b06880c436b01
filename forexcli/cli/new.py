"""``forex new``: a new log of a registered game, with the options the games add."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import click

from .. import games
from ..games.newoptions import NewOption, joined_help
from ..reporters import clean
from . import EPILOG, GameChoice, GameTextCommand, GameTextOption
from . import echo as _echo
from .common import FILE, NEW_FILE, ProblemExit, encoded_output, print_written


def _split_names(values: Sequence[str]) -> list[str]:
    names: list[str] = []
    for value in values:
        names.extend(part.strip() for part in value.split(","))
    return [n for n in names if n]


def _refuse_option_like(names: Sequence[str], listed: int) -> None:
    """Refuse a name that starts with ``-``: every command printed for the player (``forex
    play FILE -bob DECISION``, in hints, messages and mails) would read it as an option.  A
    log that holds one stays valid (its commands take ``--`` before the player)."""
    from ..record.problems import command_word
    from .common import RefusedParameter

    for index, name in enumerate(names):
        if name.startswith("-"):
            plain = name.lstrip("-").strip() or "ann"
            raise RefusedParameter(
                f"{clean(name)!r} starts with -, which every command printed for the player"
                f" would read as an option (forex play FILE {clean(name)} DECISION)",
                param_hint="'--players'" if index < listed else "'--player'",
                hints=(f"name the player without the leading -, e.g. {command_word(plain)}",),
            )


class NewCommand(GameTextCommand):
    """``forex new``: the frame's options and those the registered games add
    (``Game.new_options``), read from the registry when asked for: the default game's before
    ``--game``, the others' after it.

    A command line that names its game (``--game X``, or none for the default game) and only
    options the frame or that game knows is parsed with that game's options alone, so that
    only that game is imported; help, completion and any other option (another game's, which
    ``_options_of`` refuses in words) compose every game's."""

    composed: tuple[object, list[click.Parameter]] | None = None
    """The games' options the parameters were last composed with, and the parameters (one
    list while the registry is unchanged: click adds and takes back its help option there)."""

    ONLY = "forexcli.new.only"
    """The key of ``click.Context.meta`` naming the one game whose options a command line is
    parsed with (absent: every game's)."""

    @property
    def params(self) -> list[click.Parameter]:
        """The command's parameters, the games' options among the frame's."""
        context = click.get_current_context(silent=True)
        only = (
            None if context is None or context.command is not self else context.meta.get(self.ONLY)
        )
        made = game_options(only)
        if self.composed is None or self.composed[0] is not made:
            before, after = made
            frame = self.frame_params
            at_game = next(i for i, p in enumerate(frame) if p.name == "game")
            at_player = next(i for i, p in enumerate(frame) if p.name == "player") + 1
            params = [
                *frame[:at_player],
                *before,
                *frame[at_player:at_game],
                frame[at_game],
                *after,
                *frame[at_game + 1 :],
            ]
            self.composed = (made, params)
        return self.composed[1]

    @params.setter
    def params(self, value: list[click.Parameter]) -> None:
        """The frame's own parameters (click's decorators)."""
        self.frame_params = value
        self.composed = None

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Parse ``args`` with the options of the one game they name, when they name one
        (``named_game``)."""
        if not ctx.resilient_parsing:
            only = self.named_game(args)
            if only is not None:
                ctx.meta[self.ONLY] = only
        return super().parse_args(ctx, args)

    def named_game(self, args: Sequence[str]) -> str | None:
        """The game ``args`` name (``--game``; the default game when none), if every option
        among them is the frame's or that game's; None: help is asked for, the game is not
        registered, or another option is given."""
        game = games.DEFAULT_GAME
        options = []
        for index, arg in enumerate(args):
            if arg == "--":
                break
            if arg.startswith("--game="):
                game = arg.removeprefix("--game=")
            elif arg == "--game":
                game = args[index + 1] if index + 1 < len(args) else ""
            if arg.startswith("-") and arg != "-":
                options.append(arg.partition("=")[0])
        if game not in games.names():
            return None
        known = {flag for param in self.frame_params for flag in param.opts}
        known.update(option.flag_name for option in games.new_options(game))
        return game if known.issuperset(options) else None


def game_options(only: str | None = None) -> tuple[list[click.Option], list[click.Option]]:
    """The options the registered games (or the game ``only``) add to ``forex new``: those of
    the default game, then the others'."""
    chosen = games.names() if only is None else (only,)
    declared = tuple((name, tuple(games.new_options(name))) for name in chosen)
    return _click_options(declared)


@functools.cache
def _click_options(
    declared: tuple[tuple[str, tuple[NewOption, ...]], ...],
) -> tuple[list[click.Option], list[click.Option]]:
    """Each option of ``declared`` (game name, its options) as a click option, once (see
    ``games.newoptions``); the default game's first."""
    by_name: dict[str, list[NewOption]] = {}
    for _game, specs in declared:
        for spec in specs:
            by_name.setdefault(spec.name, []).append(spec)
    default = {
        spec.name for game, specs in declared if game == games.DEFAULT_GAME for spec in specs
    }
    made: tuple[list[click.Option], list[click.Option]] = ([], [])
    for name, given in by_name.items():
        spec = given[0]
        kind: Any = click.Choice(spec.choices) if spec.choices else FILE if spec.path else None
        option = click.Option(
            [spec.flag_name, name],
            help=joined_help([each.help for each in given], spec.multiple),
            metavar=spec.metavar,
            multiple=spec.multiple,
            is_flag=spec.flag,
            type=kind,
        )
        made[0 if name in default else 1].append(option)
    return made


@click.command("new", cls=NewCommand, epilog=EPILOG)
@click.argument("file", type=NEW_FILE)
@click.option(
    "--players",
    "players",
    multiple=True,
    metavar="NAMES",
    help="The players in seat order, comma-separated (alice,bob,carol).",
)
@click.option("--player", "player", multiple=True, metavar="NAME", help="One player; repeat it.")
@click.option(
    "--game",
    type=GameChoice(),
    default=games.DEFAULT_GAME,
    show_default=True,
    help="The game to record.",
)
@click.option(
    "--engine",
    "engines",
    multiple=True,
    metavar="NAME[:BUDGET]",
    cls=GameTextOption,
    help="A seat the engine plays, with its budget a decision: NAME:2s (seconds), NAME:500"
    " (simulations, deterministic) [1s]; repeat it. forex play then lets the"
    " engine{games:new --engine} play its seats' decisions after a person's.",
)
@click.option(
    "--contact",
    "contact",
    multiple=True,
    metavar="NAME=ADDRESS",
    help="How to reach a player: an e-mail address or forum handle; repeat it. forex play"
    " --eml and forex message --eml address the mail from it.",
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
    "--require-signatures",
    is_flag=True,
    help="Write signatures: required: every move signed, and countersigned where the game"
    " asks a cosigner (forex play and forex read refuse one that is not).",
)
@click.option("--dry-run", is_flag=True, help="Print the new log instead of writing it.")
def new_command(
    file: str,
    players: tuple[str, ...],
    player: tuple[str, ...],
    game: str,
    engines: tuple[str, ...],
    contact: tuple[str, ...],
    key_for: tuple[str, ...],
    require_signatures: bool,
    dry_run: bool,
    **given: Any,
) -> None:
    """Start a game in a new log FILE (never overwrites a file).

    The log records the players in seat order, the game's set-up and its id (random:
    a move signed in this game is good in no other), with no moves yet.

    {games:new}
    """
    from ..games.defaults import NotOffered
    from ..record.gamelog import read_log, replay
    from ..record.problems import LogError
    from ..record.schemaparts import GAME_ID_FIELD
    from ..reporters.newlog import create_log
    from .common import asked

    names = _split_names(players) + [p.strip() for p in player]
    if not names:
        raise click.UsageError("name the players: --players alice,bob,carol")
    _refuse_option_like(names, len(_split_names(players)))
    chosen = games.get(game)
    options = _options_of(chosen, game, given)
    try:
        text = asked(chosen.new_log, names, options, file)
    except NotOffered as missing:
        raise _not_offered(chosen, file, missing.what) from None
    takes_id = GAME_ID_FIELD in chosen.schemas()["log"].get("properties", {})
    text = _with_set_up(text, names, contact, key_for, require_signatures, takes_id)
    if engines:
        text = _with_engines(text, names, engines)
    try:
        made = replay(read_log(text, file))
    except LogError as error:  # a value the schema refuses (a title too long, ...)
        raise ProblemExit(error.problems, exit_code=2) from None
    if dry_run:
        _echo(text)
        return
    report = asked(chosen.new_log_report, file, made, options)
    from ..record.seats import seats_line

    seats = seats_line(made.log.header)
    if seats:
        first, _, rest = report.partition("\n")
        report = f"{first}\n{seats}\n{rest}"
        first_move = _engine_first(made, file)
        if first_move:  # not forex moves: the engine seat's decisions are the engine's
            kept = [
                line for line in report.splitlines() if not line.startswith("next: forex moves")
            ]
            report = "\n".join(kept) + "\n" + first_move
        else:
            report = report.rstrip("\n") + "\n"
        report += _at_a_prompt(made, file)
    from .. import streams
    from ..reporters.tables import fitted_commands

    said = fitted_commands(clean(report, newlines=True), streams.width())
    out = encoded_output([(said, False)])
    try:
        create_log(file, text)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    print_written(out, "the new log", file)


def _options_of(game: Any, name_of_game: str, given: dict[str, Any]) -> dict[str, Any]:
    """The values of ``game``'s options by name, today's date for an option that stands for
    it; another game's option given is a usage error.  The options are the ones the help
    offers (``games.new_options``: what the game's registry line names, else
    ``Game.new_options``), so that the help and the command agree."""
    import datetime

    from ..words import possessive

    context = click.get_current_context()
    own = {option.name: option for option in games.new_options(name_of_game)}
    for name in given:
        source = context.get_parameter_source(name)
        if name not in own and source is not click.core.ParameterSource.DEFAULT:
            flag = "--" + name.replace("_", "-")
            owners = [
                games.get(other)
                for other in games.names()
                if any(option.name == name for option in games.new_options(other))
            ]
            whose = " and ".join(possessive(o.title, title=True) for o in owners)
            where = " or ".join(o.name for o in owners)
            raise click.UsageError(
                clean(f"a {game.title} log takes no {flag}: it is {whose} only (--game {where})")
            )
    options = {name: given.get(name) for name in own}
    for name, option in own.items():
        if option.today and options[name] is None:
            options[name] = datetime.date.today().isoformat()
    return options


def _with_set_up(
    text: str,
    names: Sequence[str],
    contact: Sequence[str],
    key_for: Sequence[str],
    required: bool,
    takes_id: bool = True,
) -> str:
    """The new log's text with a fresh game id (where the game's log schema takes one:
    ``record.schemaparts.game_id``), the players' contacts (``--contact``), their
    public keys (``--key-for``, each read and checked) and ``signatures: required``: the
    frame's, the same for every game (``record.newheader``)."""
    from ..record.keys import keys_for
    from ..record.newheader import new_game_id, with_set_up
    from ..words import close_match

    contacts: dict[str, str] = {}
    for item in contact:
        name, sep, address = (part.strip() for part in item.partition("="))
        if not sep or not name or not address:
            raise click.BadParameter(
                f"{clean(item)!r}: write NAME=ADDRESS", param_hint="'--contact'"
            )
        if name not in names:
            match = close_match(name, names)
            meant = f"; did you mean {clean(match)}?" if match is not None else ""
            raise click.BadParameter(
                f"{clean(name)!r} is not one of the players{meant}", param_hint="'--contact'"
            )
        contacts[name] = address
    try:
        keys = keys_for(key_for, names)
    except ValueError as error:
        raise click.BadParameter(clean(str(error)), param_hint="'--key-for'") from None
    game_id = new_game_id() if takes_id else None
    return with_set_up(text, game_id=game_id, contacts=contacts, keys=keys, required=required)


def _with_engines(text: str, names: Sequence[str], specs: Sequence[str]) -> str:
    """The new log's text with ``engines:`` naming the seats of ``specs`` (NAME[:BUDGET])."""
    from ..record.seats import budget_value, parse_seat_spec, with_header_key

    seats: dict[str, str | int] = {}
    for spec in specs:
        try:
            name, budget = parse_seat_spec(spec)
        except ValueError as error:
            raise click.BadParameter(clean(str(error)), param_hint="'--engine'") from None
        if name not in names:
            raise click.BadParameter(
                clean(f"{name} is not one of the players ({', '.join(names)})"),
                param_hint="'--engine'",
            )
        seats[name] = budget_value(budget)
    if len(seats) == len(names):
        raise click.BadParameter(
            "every seat would be the engine's: leave one to a person (forex selfplay plays"
            " engines against each other)",
            param_hint="'--engine'",
        )
    return with_header_key(text, "engines", seats)


def _engine_first(made: Any, file: str) -> str:
    """``computer (the engine) decides first: forex play FILE computer --engine`` when an
    engine seat takes the first decision (empty otherwise), with ``--sign --key FILE`` when
    its moves must be signed."""
    from ..record.seats import engine_seats

    deciders = made.log.game.pending(made.final).deciders
    if len(deciders) != 1 or deciders[0] not in engine_seats(made.log.header):
        return ""
    from ..record.problems import command_path, player_command
    from ..replies import must_sign
    from ..words import verb_for

    who = deciders[0]
    decides = verb_for(who, "decides")
    sign = " --sign --key FILE" if must_sign(made.log, who) is not None else ""
    play = player_command("forex play", command_path(file), who, "--engine" + sign)
    said = f"next: {who} (the engine) {decides} first: {play}"
    return clean(said) + "\n"


def _at_a_prompt(made: Any, file: str) -> str:
    """``or the whole game at a prompt, on a terminal: forex play FILE you`` when one person
    plays against the engine seats (the one command a game against the computer needs;
    empty otherwise)."""
    from ..record.problems import command_path, player_command
    from ..record.seats import engine_seats

    engines = engine_seats(made.log.header)
    people = [name for name in made.log.players if name not in engines]
    if len(people) != 1:
        return ""
    play = player_command("forex play", command_path(file), people[0])
    return clean(f"or the whole game at a prompt, on a terminal: {play}") + "\n"


def _not_offered(game: Any, path: str, what: str) -> ProblemExit:
    """The ``not_for_game`` refusal of a game that writes no new log's header
    (``Game.new_log``)."""
    from ..record.problems import Problem

    problem = Problem(
        "not_for_game",
        f"forex new: {what} is not offered for {game.title} logs (game: {game.name})",
        "usage",
        path,
        hints=("forex new --help lists the games (--game)",),
    )
    return ProblemExit([problem], exit_code=2)
