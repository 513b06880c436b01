"""``forex rules``: a registered game's rules in short, as the game tells them
(``Game.rules_summary``), wrapped to the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .. import games, streams
from ..reporters import clean
from . import EPILOG, GameChoice, at_prompt
from . import echo as _echo
from .common import ProblemExit, stdout_style

if TYPE_CHECKING:
    from ..record.problems import Problem

RULES_WIDTH = 80
"""The summary is never wider than this, however wide the terminal (a page of prose)."""

IN_THE_SHELL = (
    "In a game: forex moves FILE lists every decision legal now, written as forex play takes"
    " it, and forex hint FILE asks the engine (at the prompt of forex play FILE NAME: moves"
    " and ?)."
)
"""The summary's last paragraph, the tool's own: how to find the decisions of a game."""

AT_THE_PROMPT = (
    "In this game: moves lists every decision legal now, written as this prompt takes it"
    " (Tab completes it), ? (or hint) asks the engine, and help tells the prompt's other words."
)
"""``IN_THE_SHELL`` as said by ``rules`` at the prompt of ``forex play FILE NAME``."""


@click.command("rules", epilog=EPILOG)
@click.option(
    "--game",
    type=GameChoice(),
    default=games.DEFAULT_GAME,
    show_default=True,
    help="The game whose rules to tell.",
)
def rules_command(game: str) -> None:
    """Tell a game's rules in short: the goal, what each kind of decision does, how the game
    ends and is scored.

    A screen or two, wrapped to the terminal; the game's full rules, and the readings the
    tool chose where its rule texts are silent, are in the project's docs. At the prompt of
    forex play FILE NAME, rules tells those of the game being played.
    """
    from ..games.defaults import NotOffered

    played = games.get(game)
    try:
        summary = played.rules_summary()
    except NotOffered as missing:
        raise ProblemExit([_refusal(game, missing.what)], exit_code=2) from None
    closing = AT_THE_PROMPT if at_prompt() else IN_THE_SHELL
    summary = f"{summary.rstrip()}\n{closing}"
    _echo(summary_text(summary, min(streams.width() or RULES_WIDTH, RULES_WIDTH)))


def summary_text(summary: str, width: int) -> str:
    """``Game.rules_summary``'s text for a terminal ``width`` columns wide: the heading, then
    each paragraph wrapped with a blank line before it, the items of a list under each other
    (their further lines under their first word)."""
    from ..reporters import wrap_line

    heading, *lines = [clean(line) for line in summary.strip("\n").split("\n")]
    style = stdout_style()
    out = [style.heading(heading)]
    in_list = False
    for line in lines:
        item = line.startswith("- ")
        if not (item and in_list):  # a paragraph, or a list's first item
            out.append("")
        in_list = item
        out.extend(wrap_line(line, width, subsequent_indent="  " if item else "") or [""])
    return "\n".join(out) + "\n"


def _refusal(game: str, what: str) -> Problem:
    """The ``not_for_game`` problem of a game that tells no summary of its rules."""
    from ..record.problems import Problem

    title = games.get(game).title
    return Problem(
        "not_for_game",
        f"forex rules: {what} is not offered for {title} (game: {game}); its maker's own"
        " rules tell how it is played",
        "usage",
        "forex rules",
        hints=(
            f"what every game offers: the legal decisions of a {title} log, forex moves FILE;"
            f" a new one, forex new FILE --game {game} --players NAME,NAME",
        ),
    )
