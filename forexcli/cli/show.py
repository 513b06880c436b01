"""``forex show``, ``chart``, ``html`` and ``moves``: the game as tables, pictures, a replay
page, and the legal decisions."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .. import streams
from ..reporters import clean
from . import EPILOG, GameTextCommand, GameTextOption, KindOption, MoveKindChoice
from . import echo as _echo
from .common import (
    FILE_OR_DASH,
    ProblemExit,
    asked,
    awaited_answers_data,
    encoded_output,
    file_word,
    format_option,
    move_point,
    point_of,
    print_json,
    print_written,
    replace,
    replayed,
    since_of,
    stdout_style,
    view_of,
    with_seat_data,
    with_seat_lines,
)

if TYPE_CHECKING:
    from ..record.gamelog import Replay

SHOW_HEAD = {"format": "forex-show", "version": 1}
"""What every game's ``show --format json`` starts with (a game's view may have it already),
before the ``game``'s name."""


@click.command("show", epilog=EPILOG)
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
    cls=GameTextOption,
    help="Also say what happened after move N, move by move (the catch-up for a player who"
    " last looked at move N): who did what{games:show --since}.",
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
@click.option("--seat", metavar="NAME", cls=GameTextOption, help="{games:show --seat}")
@format_option()
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
    """Show the game: last move and note, board, standings, who decides next, the result.

    FILE may be - for standard input.
    """
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
        _write_page(replayed(file), html_path, at, None, force)
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
    played = replayed(file)
    log = played.log
    point = point_of(played, at, file)
    if svg_path is not None:
        draw = view_of(
            log,
            log.game.board_picture,
            "forex show --svg",
            f"the game: forex show {file_word(file)}",
        )
        title = log.title or os.path.basename(log.filename)
        where = f"after move {point}" if point else "at the start"
        svg, what = asked(draw, played.state_after(point), seat, f"{title}, {where}")
        _write_picture(svg_path, svg, force, what, picture_format)
        return
    since_point = since_of(played, point, since, since_player, file)
    if fmt == "json":
        print_json(with_seat_data(_shown_data(played, point, since_point), log, file))
        return
    text_of = view_of(
        log,
        log.game.show_text,
        "forex show",
        f"the state as JSON: forex show {file_word(file)} --format json",
    )
    shown = asked(
        text_of,
        played,
        point,
        since=since_point,
        since_player=since_player,
        markdown=fmt == "markdown",
        style=stdout_style(),
        width=streams.width(),
    )
    fits = None if fmt == "markdown" else streams.width()
    shown = with_seat_lines(shown, played.log, file, width=fits)
    if point == played.moves:  # the answer that lets the game go on, not the next seat's move
        from ..reporters.tables import fitted_commands
        from .common import awaited_answers

        for line in awaited_answers(played, file):
            shown = shown.rstrip("\n") + "\n\n" + fitted_commands(clean(line), fits) + "\n"
    _echo(shown)


def _shown_data(played: Replay, point: int, since: int | None) -> Any:
    """``show --format json``: the game's show view (``ShowsData``), else its state
    (``Game.view``), which tells no moves; either headed by the ``format`` and ``version``
    every JSON document of the tool has, and the ``game``."""
    game = played.log.game
    head = {**SHOW_HEAD, "game": game.name}
    data = asked(game.show_data, played, point, since)
    if data is not None:
        return {**head, **data}
    if since is not None:
        raise click.UsageError(
            f"show --format json of a {game.title} log is the state alone: leave out"
            " --since/--since-player (forex history --format json lists the moves)"
        )
    return {**head, **game.view(played.state_after(point))}


def _picture_format(path: str | None, asked: str) -> str:
    """The format to write ``path`` in: ``asked``, unless the file's extension says the other
    one (a usage error: ``--svg board.png`` would put SVG into a .png file)."""
    if path is None:
        return asked
    from ..record.png import format_of

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
    from ..record.files import write_output
    from ..record.problems import LogError

    data: str | bytes = svg
    if fmt == "png":
        from ..record.png import svg_to_png

        if path == "-" and streams.is_terminal(sys.stdout):
            raise click.UsageError("a PNG picture is not for a terminal: name a file, or pipe it")
        try:
            data = svg_to_png(svg)
        except LogError as error:
            raise ProblemExit(error.problems, exit_code=2) from None
    if path == "-":
        if isinstance(data, bytes):
            streams.write_bytes(data)
        else:
            _echo(data)
        return
    out = encoded_output([(f"wrote the {what} to {clean(path)}", False)])
    try:
        write_output(path, data, force=force)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    print_written(out, f"the {what}", path, log=False)


F = TypeVar("F", bound=Callable[..., Any])
"""A click command function."""


def _eval_budget(made: str) -> Callable[[F], F]:
    """``--seconds``, ``--simulations`` and ``--seed`` of ``--eval`` (``chart``, ``html``):
    the search's budget for the evaluation graph of the ``made`` thing."""

    def options(command: F) -> F:
        command = click.option(
            "--seed", type=int, default=0, show_default=True, help="With --eval: the seed."
        )(command)
        command = click.option(
            "--simulations",
            type=int,
            metavar="N",
            help=f"With --eval: search each position N simulations (the same {made} on any"
            " machine).",
        )(command)
        return click.option(
            "--seconds",
            type=float,
            metavar="S",
            help="With --eval: search each position S seconds [1, when --simulations is not"
            " given].",
        )(command)

    return options


@click.command("chart", cls=GameTextCommand, epilog=EPILOG)
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
@click.option(
    "--eval",
    "evaluation",
    is_flag=True,
    help="Draw each player's chance of finishing first after every decision instead, as forex"
    " analyse estimates it, with its verdicts marked (?! ? ?? !).",
)
@_eval_budget("chart")
def chart_command(
    file: str,
    output: str,
    title: str | None,
    png: bool,
    force: bool,
    evaluation: bool,
    seconds: float | None,
    simulations: int | None,
    seed: int,
) -> None:
    """Draw the whole game as an SVG line chart: what the game follows, move by move.

    {games:chart}

    With --eval (any game the engine plays): each player's chance of
    finishing first after every decision, as forex analyse estimates it
    (--seconds, --simulations and --seed as there), its verdicts marked.

    The file is written atomically and never replaces a file without
    --force. FILE may be - for standard input.
    """
    from ..record.png import format_of

    fmt = _picture_format(output, "png" if png else format_of(output) or "svg")
    if evaluation:
        from .engine import evaluation_chart, search_budget

        plan = search_budget(seconds, simulations)
        _write_picture(output, evaluation_chart(file, plan, seed, title), force, "chart", fmt)
        return
    if seconds is not None or simulations is not None:
        raise click.UsageError("--seconds and --simulations go with --eval")
    played = replayed(file)
    chart = view_of(
        played.log, played.log.game.chart, "forex chart", f"the game: forex show {file_word(file)}"
    )
    _check_to_the_end(played, "the picture")
    _write_picture(output, asked(chart, played, title), force, "chart", fmt)


def _check_to_the_end(played: Any, what: str) -> None:
    """Exit with the problem of a log that does not replay to its end, with a hint."""
    problem = played.problem
    if problem is not None:
        hint = f"{what} needs a log that replays to its end: fix or undo that move"
        raise ProblemExit([replace(problem, hints=(*problem.hints, hint))])


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
    played: Replay,
    output: str,
    at: int | None,
    title: str | None,
    force: bool,
    evaluation: tuple[Any, int] | None = None,
) -> None:
    """Write the replay page of a log that replays to its end (atomically; ``-``: standard
    output); a log with an illegal move exits with its problem.  ``evaluation``, a search
    budget and seed, adds the evaluation graph (``--eval``), searched before anything is
    written."""
    where = played.log.filename
    page = view_of(
        played.log,
        played.log.game.replay_page,
        "forex html",
        f"the game: forex show {file_word(where)}",
    )
    _check_to_the_end(played, "the page")
    opening = None if at is None else move_point(played.moves, at, played.log.filename)
    chances = None
    if evaluation is not None:
        from .engine import evaluation_of

        if played.moves == 0:
            raise click.UsageError(f"{clean(where)} has no moves to evaluate")
        chances = evaluation_of(played, *evaluation)
    _save_page(asked(page, played, opening, title, chances), played.moves, output, force)


def _save_page(page: str, moves: int, output: str, force: bool) -> None:
    """Write a replay page of ``moves`` moves to ``output`` and say so."""
    from ..record.files import write_output
    from ..record.problems import LogError

    if output == "-":
        _echo(page)
        return
    size = len(page.encode("utf-8"))
    report = (
        f"wrote the replay page to {clean(output)} ({size / 1024:.0f} KB,"
        f" {moves + 1} position{'s' if moves else ''}): open it in a browser;"
        " #move-N opens after move N"
    )
    from ..reporters.tables import fitted

    out = encoded_output([(fitted(report, streams.width()), False)])
    try:
        write_output(output, page, force=force)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    print_written(out, "the replay page", output, log=False)


@click.command("html", cls=GameTextCommand, epilog=EPILOG)
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
@click.option(
    "--eval",
    "evaluation",
    is_flag=True,
    help="Add the evaluation graph: each player's chance of finishing first after every"
    " decision, searched now as forex analyse does, its verdicts marked (?! ? ?? !).",
)
@_eval_budget("page")
def html_command(
    file: str,
    output: str | None,
    at: int | None,
    title: str | None,
    force: bool,
    evaluation: bool,
    seconds: float | None,
    simulations: int | None,
    seed: int,
) -> None:
    """Write the game as one HTML page to step through in a browser: a replay.

    At every position the page shows what forex show --at N
    shows{games:html shows}, the move's text, its note and what it did, and
    the result at the end; the chart of the whole game (as forex chart draws
    it) marks the position and jumps to a move when clicked. Step with the
    buttons, the arrow keys (Home, End), the slider or the move list;
    OUT.html#move-N opens after move N.

    The file is self-contained: no network, font or script from elsewhere.
    Without JavaScript it shows the opening position and the moves, and it
    prints. It is written atomically and never replaces a file without
    --force. FILE may be - for standard input (the page then goes to
    standard output unless -o is given).

    {games:html}

    A move whose note holds a verdict of forex analyse --write shows its
    mark (?! dubious, ? a mistake, ?? a blunder, ! the only good decision)
    in the move list. With --eval (any game the engine plays) the page also
    holds the evaluation graph beside the chart: each player's chance of
    finishing first after every decision, searched when the page is made
    (--seconds, --simulations and --seed as forex analyse takes them; the
    log stores no chances), its own verdicts marked; a click on it goes to
    that move. Without --eval nothing is searched.
    """
    plan = None
    if evaluation:
        from .engine import search_budget

        plan = (search_budget(seconds, simulations), seed)
    elif seconds is not None or simulations is not None:
        raise click.UsageError("--seconds and --simulations go with --eval")
    _write_page(replayed(file), _page_output(file, output), at, title, force, plan)


def _no_kind_line(played: Replay, point: int, kinds: tuple[str, ...], markdown: bool) -> str:
    """The one line ``moves --kind`` prints when no decision of those kinds is legal: which
    kinds, and who decides what instead (``status.pending_line``, or the game's words); a
    ``#`` comment, as the decisions' other notes are, but in markdown."""
    from ..record.status import pending_line

    game = played.log.game
    state = played.state_after(point)
    instead = game.pending_text(state) or pending_line(game, state)
    where = f"after move {point}" if point else "at the start"
    line = clean(f"No {' or '.join(kinds)} decision is legal {where}: {instead}.")
    return (line if markdown else f"# {line}") + "\n"


def _answer_words(log: Any, offer: Any, partner: str) -> tuple[str, str]:
    """What ``accept`` and ``decline`` of ``offer`` (to ``partner``) do, in words."""
    from ..words import possessive, says

    terms = log.game.offer_terms(log.game.parse(offer.player, offer.decision))
    accept = (
        f"{says(partner, terms)} from {offer.player}, whose entry is played as offered"
        if terms
        else f"{possessive(offer.player)} entry is played as offered"
    )
    return accept, f"no deal: {says(offer.player, 'chooses')} again without it"


def _waiting_offer(log: Any, point: int) -> tuple[str, Any, str] | None:
    """The engine's open offer that waits for a person's answer after ``point``: who
    answers what (``seats.offer_awaited``), the offer and its partner; None when none waits."""
    from ..record.seats import offer_awaited, offer_partner, open_offer

    awaited = offer_awaited(log, point)
    offer = open_offer(log.header)
    partner = None if offer is None else offer_partner(log.game, offer)
    if awaited is None or offer is None or partner is None:
        return None
    return awaited, offer, partner


def _offer_answers_data(played: Replay, point: int, file: str) -> dict[str, Any] | None:
    """``moves --format json`` while the engine's open offer waits for a person's answer
    after ``point`` (the log's last move), as the text lists it: the ``decider`` (the
    person) and ``text`` (who answers what), the ``answers`` (each ``answer``, what it
    ``does`` and the ``command`` that gives it), no ``groups`` (the offering seat's
    decisions wait for the answer), the ``engines`` and the ``offer``; None when no offer
    waits."""
    from ..record.problems import command_path, player_command

    log = played.log
    waiting = _waiting_offer(log, point)
    if waiting is None:
        return None
    awaited, offer, partner = waiting
    words = _answer_words(log, offer, partner)
    data = {
        "format": "forex-moves",
        "version": 1,
        "game": log.game.name,
        "file": log.filename,
        "at": point,
        "over": False,
        "deciders": [partner],
        "kind": "answer",
        "count": 0,
        "decider": partner,
        "text": awaited,
        "answers": [
            {
                "answer": answer,
                "does": does,
                "command": player_command("forex play", command_path(file), partner, answer),
            }
            for answer, does in zip(("accept", "decline"), words, strict=True)
        ],
        "groups": [],
    }
    return dict(with_seat_data(data, log, file))


def _offer_answers(
    played: Replay, point: int, file: str, kinds: tuple[str, ...], every: bool, markdown: bool
) -> str | None:
    """What ``moves`` lists while the engine's open offer waits for a person's answer after
    ``point`` (the log's last move): ``accept`` and ``decline`` with what each does, then the
    offer (one answer a line with ``--all``; no decision of ``--kind``'s kinds), not the
    offering seat's own decisions, which wait for the answer; None when no offer waits."""
    from ..reporters.tables import fitted

    log = played.log
    waiting = _waiting_offer(log, point)
    if waiting is None:
        return None
    awaited, offer, partner = waiting
    if kinds:
        line = clean(f"No {' or '.join(kinds)} decision is legal after move {point}: {awaited}.")
        return (line if markdown else f"# {line}") + "\n"
    if every:
        return "accept\ndecline\n"
    accept, decline = _answer_words(log, offer, partner)
    if markdown:
        rows = [f"- `accept`: {accept}", f"- `decline`: {decline}"]
        text = "\n".join([clean(awaited), "", *map(clean, rows)]) + "\n"
        return with_seat_lines(text, log, file, offer_only=True)
    width = streams.width()
    rows = [
        fitted(clean(f"accept    {accept}"), width, " " * 10),
        fitted(clean(f"decline   {decline}"), width, " " * 10),
    ]
    text = "\n".join([fitted(clean(awaited), width, ""), "", *rows]) + "\n"
    return with_seat_lines(text, log, file, offer_only=True, width=width)


@click.command("moves", cls=GameTextCommand, epilog=EPILOG)
@click.argument("file", type=FILE_OR_DASH)
@click.option("--at", type=int, metavar="N", help="After move N instead of the last.")
@click.option(
    "--kind",
    "kinds",
    multiple=True,
    type=MoveKindChoice(),
    cls=KindOption,
    help="Only decisions of this kind, every one on a line of its own as forex play takes"
    " it{games:moves --kind}; repeat it for several.",
)
@click.option(
    "--all",
    "every",
    is_flag=True,
    cls=GameTextOption,
    help="Every legal decision, one per line, exactly as forex play takes it{games:moves --all}.",
)
@format_option()
def moves_command(file: str, at: int | None, kinds: tuple[str, ...], every: bool, fmt: str) -> None:
    """List the legal decisions of whoever must decide next.

    {games:moves}

    While an engine seat's offer waits for a person's answer, the person's decisions are
    listed: accept and decline.

    With --format json every group lists all its legal decisions, with or without --all;
    only a group too long to list gives a few examples, with "complete": false.
    """
    from .. import games
    from ..reporters import record
    from ..words import possessive

    played = replayed(file)
    point = point_of(played, at, file)
    game = played.log.game
    # the kinds the help offers: what the game's registry line names, else Game.move_kinds
    own_kinds = games.move_kinds(played.log.header.get("game", games.DEFAULT_GAME))
    other = [kind for kind in kinds if kind not in own_kinds]
    if other:
        offered = ", ".join(own_kinds) or "none: it lists every decision"
        raise click.BadParameter(
            f"{other[0]} is not a kind of {possessive(game.title, title=True)} decisions"
            f" ({offered})",
            param_hint="'--kind'",
        )
    if fmt == "json":
        answering = _offer_answers_data(played, point, file) if point == played.moves else None
        if answering is not None:  # the offering seat's decisions wait for the answer
            print_json(answering)
            return
        data = game.moves_data(played, point, kinds)
        data = record.moves_data(played, point, kinds) if data is None else data
        data = {**record.moves_head(played, point), **data}  # every game's shared keys
        if point == played.moves:  # the engine seats, and the open offer waiting first
            data = with_seat_data(data, played.log, file)
            if isinstance(data, dict):
                data = {**data, **awaited_answers_data(played, file)}
        print_json(data)
        return
    markdown = fmt == "markdown"
    if point == played.moves:
        answers = _offer_answers(played, point, file, kinds, every, markdown)
        if answers is not None:  # the offering seat's decisions wait for the answer
            _echo(answers)
            return
    text = game.moves_text(
        played,
        point,
        path=file,
        kinds=kinds,
        every=every,
        markdown=markdown,
        style=stdout_style(),
        width=streams.width(),
    )
    if text is None:  # the legal decisions in the game's notation
        plain = record.moves_text(played, point, markdown=markdown, kinds=kinds, every=every)
        text = clean(plain, newlines=True)
    if kinds and not text.strip():
        text = _no_kind_line(played, point, kinds, markdown)
    if point == played.moves and played.log.header.get("offer") is not None and not every:
        fits = None if markdown else streams.width()
        text = with_seat_lines(text, played.log, file, offer_only=True, width=fits)
    if point == played.moves and not every and not markdown:
        from ..reporters.tables import fitted_commands
        from .common import engine_turn_words

        for line in engine_turn_words(played.log, played, file):
            text = text.rstrip("\n") + "\n\n" + fitted_commands(line, streams.width()) + "\n"
    _echo(text)
