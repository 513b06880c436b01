"""A log of any game opened for a command that shows it: read, replayed and checked up to
a move, and the game's view (``games.base.ShowsText`` ...) asked for, or refused cleanly
when the game has none."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..reporters import Style, clean, use_colour
from . import echo as _echo
from .common import ProblemExit, move_point, read_stdin, replace

if TYPE_CHECKING:
    from ..record.gamelog import GameLog, Replay

T = TypeVar("T")


def read_any(path: str) -> GameLog:
    """Read and check a log of any game (``-`` reads standard input); raises ``LogError``."""
    from ..record.gamelog import MAX_LOG_BYTES, load_any, read_log
    from ..record.problems import LogError, Problem

    if path == "-":
        data = read_stdin()
        if len(data) > MAX_LOG_BYTES:
            raise LogError(
                [Problem("too_large", "standard input is too large for a log", "io", "<stdin>")]
            )
        return read_log(data, "<stdin>")
    return load_any(path)


def open_replay(path: str) -> Replay:
    """Read, check and replay a log of any game; problems exit.  A digest that no longer
    matches and signature problems are warnings on stderr: the moves still replay."""
    from ..record.gamelog import replay
    from ..record.problems import LogError

    try:
        played = replay(read_any(path))
    except LogError as error:
        raise ProblemExit(error.problems) from None
    log = played.log
    # Digests and signatures only where the log has some (their modules cost start-up).
    if any(entry.digest is not None for entry in log.entries):
        from ..record.digests import check_digests

        mismatch = check_digests(played)
        if mismatch is not None:
            _warn(mismatch)
    if log.header.get("keys") or any(entry.sig for entry in log.entries):
        from ..record.signing import check_signatures

        for problem in check_signatures(played).errors:
            _warn(problem)
    return played


def _warn(problem: Any) -> None:
    from ..reporters.problems import problem_text

    style = Style(use_colour(sys.stderr, _colour_choice()))
    _echo(style.warning("warning: ") + problem_text(problem, style), err=True)


def _colour_choice() -> str:
    """``--color`` of the group (as ``common`` reads it), else ``auto``."""
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if isinstance(ctx.obj, dict) and "color" in ctx.obj:
            return str(ctx.obj["color"])
        ctx = ctx.parent
    return "auto"


def point_of(played: Replay, at: int | None, path: str) -> int:
    """Move ``at`` of the log (negative counts from the end, None the last); an illegal entry
    at or before it exits, with the hint to look at the game before it."""
    point = move_point(len(played.log.entries), at, path)
    problem = played.problem
    if problem is not None and problem.entry is not None and point >= problem.entry:
        hint = f"the game up to the move before it: forex show {path} --at {problem.entry - 1}"
        raise ProblemExit([replace(problem, hints=(*problem.hints, hint))])
    return point


def since_of(
    played: Replay, point: int, since: int | None, since_player: str | None, path: str
) -> int | None:
    """The move ``--since N`` or ``--since-player NAME`` (that player's last move at or before
    ``point``) names, checked against the move shown."""
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
    found = move_point(len(played.log.entries), since, path, "--since")
    if found > point:
        raise click.BadParameter(
            f"--since {since} is after the move shown ({point})", param_hint="'--since'"
        )
    return found


def view_of(log: GameLog, name: str, command: str, hint: str) -> Callable[..., Any]:
    """The game's view method ``name`` (a capability of ``games.base``); a game without it
    is refused with ``not_yet_for_game``, placed at its ``game:``, with ``hint``."""
    found = getattr(log.game, name, None)
    if found is None:
        raise not_yet(log, command, hint)
    method: Callable[..., Any] = found
    return method


def not_yet(log: GameLog, command: str, hint: str) -> ProblemExit:
    """The ``not_yet_for_game`` refusal of ``command`` for the game of ``log``."""
    from ..record.problems import Problem

    game = log.game
    line, column = log.place(("game",)) or (None, None)
    problem = Problem(
        "not_yet_for_game",
        f"{command} does not read {game.title} logs yet (game: {game.name}):"
        " the game has no view for it",
        "usage",
        log.filename,
        line,
        column,
        hints=(hint,),
    )
    return ProblemExit([problem])


def asked(view: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``view(*args, **kwargs)``; what it refuses (``games.ViewRefused``) is a usage error,
    of the option it names."""
    from ..games import ViewRefused

    try:
        return view(*args, **kwargs)
    except ViewRefused as refused:
        if refused.option is None:
            raise click.UsageError(clean(refused.reason)) from None
        raise click.BadParameter(clean(refused.reason), param_hint=f"'{refused.option}'") from None
