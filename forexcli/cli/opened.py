"""A log of any game opened for a command that shows it: read, replayed and checked up to
a move, and the game's view (``games.base.ShowsText`` ...) asked for, or refused cleanly
when the game has none."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..reporters import clean
from .common import ProblemExit, move_point, open_replay, replace

if TYPE_CHECKING:
    from ..record.gamelog import GameLog, Replay

T = TypeVar("T")


def replayed(path: str) -> Replay:
    """The replay of a log of any game (``common.open_replay``); problems exit."""
    return open_replay(path)[1]


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
