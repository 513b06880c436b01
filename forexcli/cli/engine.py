"""``forex hint``, ``analyse`` and ``selfplay``: the engine's search (and the decision of
``play --engine``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .. import streams
from ..games import DEFAULT_GAME
from ..reporters import Style, clean, plural
from ..words import moves_held, says
from . import EPILOG, GameChoice, GameTextCommand, GameTextOption
from . import echo as _echo
from . import json_text as _json_text
from .common import (
    FILE_OR_DASH,
    F,
    ProblemExit,
    collect_logs,
    commit_change,
    encoded_output,
    file_word,
    format_option,
    not_offered,
    open_replay,
    print_json,
    print_written,
    replace,
    stdout_style,
)

if TYPE_CHECKING:
    from ..games.base import Advisor
    from ..record.gamelog import GameLog, Replay


def search_budget(seconds: float | None, simulations: int | None) -> Any:
    """The search budget of the options; a zero or absurd one is a usage error."""
    from ..search.advisor import budget

    try:
        return budget(seconds, simulations)
    except ValueError as error:
        option = (
            "'--simulations'"
            if simulations is not None and "simulations" in str(error)
            else ("'--seconds'" if seconds is not None else "'--simulations'")
        )
        raise click.BadParameter(str(error), param_hint=option) from None


def command_budget(seconds: float | None, simulations: int | None) -> Any:
    """``search_budget`` for the one search of a command: its seconds count from the command's
    start (``Budget.since``), so that the whole command takes about that long."""
    from msgspec.structs import replace as _with

    from . import STARTED

    plan = search_budget(seconds, simulations)
    return plan if plan.seconds is None else _with(plan, since=STARTED)


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

    def finish(self) -> None:
        """Show the bar full (the work is done, however early a search stopped), then close
        it; an interrupted one is only closed, where it was."""
        if self.bar is not None:
            self.to(self.bar.length)
        self.close()


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
    from ..record.problems import Problem, command_path

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
                (f"forex analyse {command_path(file)} judges the decisions of a finished game",),
            )
        ]
    )


def _replayed(file: str, purpose: str) -> Replay:
    """A log of any game, replayed; an illegal move exits, located, saying that ``purpose``
    needs every move legal."""
    _, played = open_replay(file)
    if played.problem is not None:
        hint = f"{purpose} needs a log whose moves are all legal: fix or undo that move"
        raise ProblemExit([replace(played.problem, hints=(*played.problem.hints, hint))])
    return played


def _advisor(file: str, log: GameLog) -> Advisor:
    """The advisor of the log's game; a game without one exits with ``not_for_game``."""
    from ..games.defaults import NotOffered

    try:
        return log.game.advisor()
    except NotOffered as missing:
        command = click.get_current_context().command_path
        hint = f"a person decides instead: forex play {file_word(file)} PLAYER DECISION"
        raise not_offered(log, command, missing.what, hint) from None


def playable(file: str) -> tuple[Replay, Advisor]:
    """A log that replays legally, whose game the engine plays, with a player to decide (else
    a located problem exits)."""
    from ..record.problems import Problem, command_path

    played = _replayed(file, "the engine")
    log = played.log
    advisor = _advisor(file, log)
    pending = log.game.pending(played.final)
    if pending.over:
        raise _game_over(file, log)
    if advisor.mover(played.final) is None:
        moves = played.moves
        raise ProblemExit(
            [
                Problem(
                    "not_your_turn",
                    f"move {moves + 1}: {says(' or '.join(pending.deciders), 'decides')} next"
                    f" ({pending.kind} of {pending.count}): the engine decides for players only",
                    "rules",
                    file,
                    entry=moves + 1,
                    hints=(f"forex moves {command_path(file)} lists what may be recorded",),
                )
            ]
        )
    return played, advisor


def engine_decision(file: str, player: str, plan: Any, seed: int) -> str:
    """The engine's decision for PLAYER in FILE, written as forex play takes it."""
    from ..record.problems import command_path, player_command
    from ..record.seats import engine_seats
    from ..search.advisor import engine_decision as decision

    played, _ = playable(file)
    (decider,) = played.log.game.pending(played.final).deciders
    players = played.log.players
    named = command_path(file)
    decides = (
        player_command("forex play", named, decider, "--engine")
        if decider in engine_seats(played.log.header)
        else player_command("forex play", named, decider, "DECISION")
        + f" (forex moves {named} lists them)"
    )
    from .common import awaited_answers

    answers = awaited_answers(played, file)
    if answers:  # an engine seat's offer awaits the person's answer: no move may follow it
        decides = answers[0]
    if player not in players:
        from ..record.problems import Problem
        from ..words import did_you_mean

        raise ProblemExit(
            [
                Problem(
                    "unknown_name",
                    f"move {played.moves + 1}: {clean(player)}: unknown player {player!r};"
                    f" the players are {', '.join(players)}",
                    "rules",
                    file,
                    entry=played.moves + 1,
                    hints=(
                        *did_you_mean(player, players),
                        f"{says(clean(decider), 'decides')} next: {decides}",
                    ),
                )
            ]
        )
    if decider != player:
        from ..record.problems import Problem

        raise ProblemExit(
            [
                Problem(
                    "not_your_turn",
                    f"move {played.moves + 1}: the engine cannot decide for {clean(player)}:"
                    f" {says(clean(decider), 'decides')} next",
                    "rules",
                    file,
                    entry=played.moves + 1,
                    hints=(decides,),
                )
            ]
        )
    game: Any = played.log.game
    bar, update = _search_progress(plan, "thinking")
    try:
        if played.log.header.get("engines"):  # the engine seats answer its offers to them
            from ..record.seats import engine_seats
            from ..replies import declined_first, engine_entry

            seats = tuple(engine_seats(played.log.header))
            entry, _ = engine_entry(
                game,
                played.final,
                plan,
                seed=seed,
                engines=seats,
                declined=declined_first(played.log, played, player),  # a signed game's
                progress=update,
            )
            written = str(game.write(entry))
        else:
            written = decision(game, played.final, plan, seed, update)
        if bar is not None:
            bar.finish()
        return written
    finally:
        if bar is not None:
            bar.close()


def _declined_by_engine(played: Replay) -> Callable[[Any], bool] | None:
    """Whether an entry opens with an offer an engine seat of the log declines (``hint``
    leaves those out); None without engine seats."""
    log = played.log
    if not log.header.get("engines"):
        return None
    from ..replies import declines

    state = played.final
    return lambda decisions: declines(log, state, decisions) is not None


T = TypeVar("T")


def _searched(plan: Any, search: Callable[[Any], T]) -> T:
    """``search(update)`` with a progress bar on a terminal; Ctrl-C says so and exits 130."""
    bar, update = _search_progress(plan, "thinking")
    try:
        found = search(update)
        if bar is not None:
            bar.finish()
        return found
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        _echo("interrupted", err=True)
        sys.exit(130)
    finally:
        if bar is not None:
            bar.close()


def _print_hint(found: Any, file: str, played: Replay, fmt: str, advisor: Advisor) -> None:
    """Print a hint's suggestions as ``fmt`` asks (in the words of the game's ``advisor``);
    below the text, the open offer that waits for its answer before any decision."""
    from ..reporters.advice import hint_data, hint_text
    from .common import with_seat_lines

    moves = played.moves
    if fmt == "json":
        print_json(hint_data(found, file, moves, advisor.value_meaning))
        return
    where = f"after move {moves}" if moves else "at the start"
    markdown = fmt == "markdown"
    text = hint_text(
        found,
        where,
        file=file,
        markdown=markdown,
        style=stdout_style(),
        width=streams.width(),
        value_note=advisor.value_note,
    )
    fits = None if markdown else streams.width()
    text = with_seat_lines(text, played.log, file, offer_only=True, width=fits)
    if not markdown:  # an engine seat to decide: how it plays (as moves says)
        from ..reporters.tables import fitted_commands
        from .common import engine_turn_words

        for line in engine_turn_words(played.log, played, file):
            text = text.rstrip("\n") + "\n\n" + fitted_commands(line, streams.width()) + "\n"
    _echo(text)


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


@click.command("hint", cls=GameTextCommand, epilog=EPILOG)
@click.argument("file", type=FILE_OR_DASH)
@_budget_options("Search for S seconds [1, when --simulations is not given].")
@click.option(
    "--top", type=click.IntRange(1, 20), default=3, show_default=True, help="How many decisions."
)
@format_option()
def hint_command(
    file: str, seconds: float | None, simulations: int | None, seed: int, top: int, fmt: str
) -> None:
    """The engine's best decisions for whoever decides next in FILE.

    Each comes with its value, in percent (what it means in each game:
    below), and the line the search expects after it, each decision written
    as forex moves lists it and forex play takes it. The rows are in the
    order of the search's visits{games:hint order}. --simulations gives the
    same result on any machine (for a given --seed); --seconds depends on the
    machine.

    While the engine's offer waits for a person (the log's offer:), the
    rows are that person's answers instead, accept and decline, as forex play
    FILE NAME takes them, each with why: accept is valued by the search of
    the position after the offered entry, decline by the search of the
    position after the engine's choice without the offer (as play makes it);
    the better value first. The three searches share the budget (--top does
    not apply; in JSON the answers are the suggestions, each with why).

    {games:hint}
    """
    from ..record.seats import open_offer
    from ..search.advisor import hint

    plan = command_budget(seconds, simulations)
    played, advisor = playable(file)
    offer = open_offer(played.log.header)
    if offer is not None:
        _offer_hint(file, played, offer, plan, seed, fmt, advisor)
        return
    skip = _declined_by_engine(played)
    found = _searched(
        plan,
        lambda update: hint(
            advisor, played.final, plan, top=top, seed=seed, progress=update, skip=skip
        ),
    )
    _print_hint(found, file, played, fmt, advisor)


@click.command("analyse", cls=GameTextCommand, epilog=EPILOG)
@click.argument("file", type=click.Path(allow_dash=False))
@click.option(
    "--seconds-per-move",
    "--seconds",
    "seconds_per_move",
    type=float,
    metavar="S",
    help="Search each position for S seconds [1, when --simulations is not given]; --seconds"
    " says the same, as for forex hint.",
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
    help="Add the verdicts (?! dubious, ? mistake, ?? blunder, ! the only good decision) to the"
    " log as notes, each with the better decision and what decides it; a note already there"
    " is kept, a verdict of an earlier analysis replaced (removed where the decision is now"
    " graded good).",
)
@click.option(
    "--processes",
    type=click.IntRange(1, 64),
    metavar="P",
    help="For a folder: analyse P logs at once [the number of cores].",
)
@click.option(
    "--scheduler",
    metavar="tcp://HOST:PORT",
    help="For a folder: hand the logs to the workers of this Dask scheduler instead of local"
    " processes (pip install 'forexcli[cluster]'; the folder at the same path on every worker).",
)
@click.option(
    "-v",
    "--verbose",
    is_flag=True,
    help="Under each verdict, the line the engine expects after the decision played and after"
    " the better one, and what decides them.",
)
@format_option()
def analyse_command(
    file: str,
    seconds_per_move: float | None,
    simulations: int | None,
    seed: int,
    first: int | None,
    last: int | None,
    write: bool,
    processes: int | None,
    scheduler: str | None,
    verbose: bool,
    fmt: str,
) -> None:
    """Judge every recorded decision of FILE against the engine's choice.

    Each decision is graded by the chance of finishing first it gives away
    against the engine's choice (a search of that chance alone), on a
    bounded scale (half the chance, half its log-odds between 0.5% and
    95%): ?! dubious from 5 points, ? mistake from 10, ?? blunder from 20,
    and ! for the only good decision. A verdict names the better decision;
    -v adds the line the engine expects after each and what decides
    it{games:analyse decides}. A decision
    whose better one the search visited fewer than 8 times is left
    ungraded (a bigger budget grades it). A summary gives each player's
    accuracy (100% for the engine's choices, as chess sites compute it),
    average loss, marks and largest swing. With --write the verdicts are
    added to the log as notes, in one atomic change after the whole
    analysis (Ctrl-C writes nothing). FILE may be a folder: its logs are
    analysed on all cores (--format json: an array of their documents).

    {games:analyse}
    """
    import os

    plan = search_budget(seconds_per_move, simulations)
    if first is not None and last is not None and first > last:
        raise click.BadParameter(f"--from {first} is after --to {last}", param_hint="'--from'")
    if os.path.isdir(file):
        _analyse_folder(file, plan, seed, first, last, write, processes, fmt, scheduler)
        return
    if scheduler is not None:
        raise click.BadParameter(
            "a cluster analyses the logs of a folder; name a folder, or leave --scheduler out",
            param_hint="'--scheduler'",
        )
    try:
        text, data, change = _analyse_one(
            file, plan, seed, first, last, write, fmt, progress=True, verbose=verbose
        )
    except KeyboardInterrupt:
        _echo(f"interrupted: nothing was written to {clean(file)}", err=True)
        sys.exit(130)
    out = encoded_output([(_json_text(data) if fmt == "json" else text, False)])
    if change is None:
        for text, err in out:
            _echo(text, err=err)
        return
    commit_change(change)
    print_written(out, "the verdicts as notes", file)


def _analyse_range(file: str, total: int, first: int | None, last: int | None) -> tuple[int, int]:
    start = first or 1
    end = total if last is None else last
    if total == 0:
        raise click.UsageError(f"{clean(file)} has no moves to analyse")
    if end > total or start > total:
        raise click.BadParameter(
            f"there is no move {max(start, end)} in {clean(file)}: it has {moves_held(total)}",
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
    verbose: bool = False,
) -> tuple[str, Any, Any]:
    """Analyse one log: the report's text, its JSON data and, with ``write``, the change of
    its notes to commit (None when there is nothing to write)."""
    from ..record import edit
    from ..record.problems import LogError
    from ..reporters.verdicts import analysis_data, analysis_text
    from ..search.advisor import noted, unnoted
    from ..search.verdicts import grade_game, noted_verdict

    played = _replayed(file, "the analysis")
    advisor = _advisor(file, played.log)
    entries = played.log.entries
    start, end = _analyse_range(file, len(entries), first, last)
    bar = _Progress(end - start + 1, "analysing") if progress else None
    try:
        graded = grade_game(
            advisor, played, plan, start, end, seed=seed,
            progress=bar.step if bar is not None else None,
        )  # fmt: skip
        if bar is not None:
            bar.finish()
    finally:
        if bar is not None:
            bar.close()
    change = None
    notes: dict[int, str | None] = {}
    stale = 0
    if write:
        for g in graded:
            old = entries[g.number - 1].note
            if g.label:
                notes[g.number] = noted(old, g)
            elif g.graded and old is not None and noted_verdict(old) is not None:
                notes[g.number] = unnoted(old)  # an earlier verdict this analysis overturns
                stale += 1
        try:
            change = edit.set_notes(file, notes, dry_run=True)
        except LogError as error:
            raise ProblemExit(error.problems) from None
        if change.new_text == change.old_text:
            change = None
    players = advisor.names(played.final)
    data = analysis_data(graded, file, players, change is not None, plan.describe())
    text = analysis_text(
        graded, file, players, budget=plan.describe(), markdown=fmt == "markdown",
        verbose=verbose, style=stdout_style(), width=streams.width(),
    )  # fmt: skip
    if change is not None:
        wrote = plural(len(notes) - stale, "verdict")
        overturned = f"; removed {plural(stale, 'earlier verdict')} it overturns" if stale else ""
        text += f"wrote {wrote} as notes in {clean(file)}{overturned}\n"
    return text, data, change


def evaluation_chart(file: str, plan: Any, seed: int, title: str | None) -> str:
    """The SVG of each player's chance of finishing first after every decision of FILE, its
    verdicts marked (``forex chart --eval``)."""
    from ..reporters.evalchart import chance_chart_svg

    played = _replayed(file, "the evaluation graph")
    total = len(played.log.entries)
    if total == 0:
        raise click.UsageError(f"{clean(file)} has no moves to chart")
    evaluation = evaluation_of(played, plan, seed)
    name = title if title is not None else played.log.title
    heading = "Chance of finishing first" + (f", {name}" if name else "")
    return chance_chart_svg(evaluation.series, evaluation.players, total, heading)


def evaluation_of(played: Replay, plan: Any, seed: int) -> Any:
    """Each player's chance of finishing first after every decision of a log whose moves are
    all legal, and the verdicts, by the engine's search (``pages.Evaluation``: the evaluation
    graph of ``forex chart --eval`` and ``forex html --eval``); a progress bar on standard
    error, Ctrl-C exits 130 having written nothing."""
    from ..pages import Evaluation
    from ..search.verdicts import chance_series, grade_game

    advisor = _advisor(played.log.filename, played.log)
    total = played.moves
    bar = _Progress(total, "analysing")
    try:
        graded = grade_game(advisor, played, plan, 1, total, seed=seed, progress=bar.step)
        bar.finish()
    except KeyboardInterrupt:
        bar.close()
        _echo("interrupted: nothing was written", err=True)
        sys.exit(130)
    finally:
        bar.close()
    players = list(advisor.names(played.final))
    return Evaluation(chance_series(graded, players), players, plan.describe(), seed)


def _analyse_task(
    file: str, plan: Any, seed: int, first: int | None, last: int | None, write: bool, fmt: str
) -> tuple[str, Any, str | None, bool]:
    """One log of a folder, in a worker process (its notes written there): its report, or the
    problem's text (and with ``fmt`` json its ``forex-error`` document), and whether the log
    was changed."""
    from . import error_data

    try:
        text, data, change = _analyse_one(file, plan, seed, first, last, write, fmt, progress=False)
        if change is not None:
            commit_change(change)
    except ProblemExit as error:
        from ..reporters.problems import problems_text

        failed = error_data([p.as_dict() for p in error.problems], error.exit_code)
        return "", failed, problems_text(error.problems, Style(False)), False
    except click.ClickException as error:
        from ..record.problems import Problem

        problem = Problem("usage_error", error.format_message(), "usage", file)
        failed = error_data([problem.as_dict()], error.exit_code)
        return "", failed, f"{clean(file)}: {error.format_message()}", False
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
    scheduler: str | None = None,
) -> None:
    """Analyse every log of a folder on a process pool (or a Dask cluster); any failure exits
    1 at the end."""
    from ..cluster import ClusterUnavailable, pool

    files, problems = collect_logs([folder])
    if problems:
        raise ProblemExit(problems)
    if not files and fmt != "json":  # JSON: the empty list says it
        _echo(clean(f"{folder}: no game log in it; nothing was analysed"))
        return
    failures: list[str] = []
    reports: list[Any] = []
    changed = 0
    bar = _Progress(len(files), "analysing")
    try:
        with pool(scheduler, processes) as executor:
            futures = [
                executor.submit(_analyse_task, f, plan, seed, first, last, write, fmt)
                for f in files
            ]
            for done, future in enumerate(futures, 1):
                text, data, failure, written = future.result()
                changed += written
                bar.to(done)
                if failure is not None:
                    failures.append(failure)
                if fmt == "json":  # a log that failed: its forex-error document
                    reports.append(data)
                elif failure is None:
                    reports.append(text)
    except KeyboardInterrupt:
        bar.close()
        _echo("interrupted: the logs not yet finished were not written", err=True)
        sys.exit(130)
    except ClusterUnavailable as error:
        bar.close()
        raise click.BadParameter(str(error), param_hint="'--scheduler'") from None
    bar.close()
    out = [(_json_text(reports) if fmt == "json" else "\n".join(reports), False)]
    out = encoded_output([*out, *((failure, True) for failure in failures)])
    if changed:
        print_written(out, f"the verdicts as notes in {changed} logs", folder, log=False)
    else:
        for text, err in out:
            _echo(text, err=err)
    if failures:
        sys.exit(1)


@click.command("selfplay", cls=GameTextCommand, epilog=EPILOG)
@click.argument("folder", type=click.Path(file_okay=False))
@click.option(
    "--games", type=click.IntRange(1, 10000), default=1, show_default=True, help="How many games."
)
@click.option(
    "--players",
    "count",
    type=click.IntRange(1),
    default=2,
    show_default=True,
    help="Players per game, when --seat is not given; a game refuses a number it does not seat,"
    " saying how many it does.",
)
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="SPEC",
    cls=GameTextOption,
    help="Who plays a seat: engine, engine:N (N simulations), engine:Ss (S seconds), engine/K"
    " (a K-th of the budget), or a ladder player{games:selfplay --seat}; repeat it for each"
    " seat [every seat the engine]. Seats rotate from game to game.",
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
@click.option(
    "--game",
    "game_name",
    type=GameChoice(),
    default=DEFAULT_GAME,
    show_default=True,
    cls=GameTextOption,
    help="Which game{games:selfplay --game}.",
)
@click.option(
    "--components",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    cls=GameTextOption,
    help="{games:selfplay --components}",
)
def selfplay_command(
    folder: str,
    games: int,
    count: int,
    seats: tuple[str, ...],
    simulations: int,
    seed: str,
    processes: int | None,
    game_name: str,
    components: str | None,
) -> None:
    """Play complete games between engines (or the ladder's other players) into FOLDER.

    Each game is an ordinary log, FOLDER/game-001.yaml and on, that forex
    validate accepts; an existing file is never replaced. The players are
    named after their seat (engine1, greedy2, ...) and the title says who
    played which seat.

    {games:selfplay}
    """
    import datetime
    import os
    from concurrent.futures import ProcessPoolExecutor

    from .. import games as registry
    from ..games.defaults import NotOffered
    from ..record.problems import LogError
    from ..reporters import plural
    from ..reporters.advice import selfplay_text
    from ..search.advisor import parse_seat

    game = registry.get(game_name)
    try:
        advisor = game.advisor()
    except NotOffered:
        raise click.BadParameter(
            f"the engine does not play {game.title} yet", param_hint="'--game'"
        ) from None
    default = search_budget(None, simulations)
    specs = list(seats) or ["engine"] * count
    fewest, most = advisor.seat_counts
    if not fewest <= len(specs) <= most:
        what = f"{plural(len(specs), 'seat')} given" if seats else plural(len(specs), "player")
        allowed = f"{fewest} to {most}" if fewest < most else f"exactly {fewest}"
        raise click.BadParameter(
            f"{what}; a {game.title} game has {allowed}",
            param_hint="'--seat'" if seats else "'--players'",
        )
    try:
        parsed = [parse_seat(spec, default, advisor.seat_kinds) for spec in specs]
    except ValueError as error:
        raise click.BadParameter(clean(str(error)), param_hint="'--seat'") from None
    try:
        resources = advisor.selfplay_resources(components, folder)
    except ValueError as error:
        raise click.BadParameter(clean(str(error)), param_hint="'--components'") from None
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
                pool.submit(
                    _selfplay_task, game_name, parsed, index, seed, started, path, resources
                )
                for index, path in enumerate(paths, 1)
            ]
            for path, future in zip(paths, futures, strict=True):
                done.append((path, future.result()))
                bar.to(len(done))
    except LogError as error:  # a game's log its own rules cannot read back
        bar.close()
        raise ProblemExit(error.problems) from None
    except KeyboardInterrupt:
        bar.close()
        written = plural(len(done), "game")
        _echo(f"interrupted: {written} {'was' if len(done) == 1 else 'were'} written", err=True)
        sys.exit(130)
    bar.close()
    out = encoded_output([(selfplay_text(done, streams.width()), False)])
    print_written(out, f"every one of the {len(done)} games", folder, log=False)


def _selfplay_task(
    game_name: str,
    seats: Sequence[Any],
    index: int,
    seed: str,
    started: str,
    path: str,
    resources: Any,
) -> Any:
    """One self-play game in a worker process, checked by replaying its text (the files it
    names read beside ``path``), then written to ``path``; seats rotate by game."""
    from .. import games as registry
    from ..record import gamelog
    from ..reporters.newlog import create_log
    from ..search.advisor import selfplay_game

    game = registry.get(game_name)
    shift = (index - 1) % len(seats)
    rotated = list(seats[shift:]) + list(seats[:shift])
    played_game = selfplay_game(game, rotated, f"{seed}-{index}", index, started, resources)
    played = gamelog.replay(gamelog.read_log(played_game.text, path))
    if played.problem is not None or not played.log.game.pending(played.final).over:
        raise AssertionError("a self-play log must replay to its end")
    create_log(path, played_game.text)
    return played_game


def _offer_hint(
    file: str, played: Replay, offer: Any, plan: Any, seed: int, fmt: str, advisor: Advisor
) -> None:
    """``hint`` while the engine's offer waits: ``accept`` and ``decline`` ranked for the
    person it waits for (``replies.offer_hint``), printed as ``fmt`` asks."""
    from ..record.seats import engine_seats
    from ..replies import offer_hint
    from ..reporters.advice import offer_hint_data, offer_hint_text
    from .common import with_seat_lines

    log = played.log
    found = _searched(
        plan,
        lambda update: offer_hint(
            log.game, played.final, offer, engine_seats(log.header), plan, seed=seed,
            progress=update,
        ),
    )  # fmt: skip
    moves = played.moves
    if fmt == "json":
        print_json(offer_hint_data(found, file, moves, advisor.value_meaning))
        return
    markdown = fmt == "markdown"
    text = offer_hint_text(
        found,
        f"after move {moves}" if moves else "at the start",
        file=file,
        markdown=markdown,
        style=stdout_style(),
        width=streams.width(),
        value_note=advisor.value_note,
    )
    fits = None if markdown else streams.width()
    _echo(with_seat_lines(text, log, file, offer_only=True, width=fits))
