"""The options a game adds to ``forex new`` (``Game.new_options``), as data: the command turns
each into a click option, so that a game's folder imports no click.

Several games may declare one option (``--first``, ``--seed``): the first game in the
registry's order gives its kind and metavar, and the help is each game's part in that order
(joined by a space after a sentence, else by ``; ``), with ``; repeat it.`` after an option
given more than once.  The title, site and start date that most headers carry are here for
every game to list (``TITLE``, ``SITE``, ``STARTED``).
"""

from __future__ import annotations

from typing import Optional

from msgspec import Struct


class NewOption(Struct, frozen=True):
    """One option of ``forex new``: ``--NAME`` (``_`` written ``-``), handed to the game's
    ``new_log`` as ``options[NAME]``; None, ``()`` or False when it is not given."""

    name: str
    """The parameter's name: ``house_rule`` is ``--house-rule``."""
    help: str
    """The game's part of the option's help ("" adds none)."""
    metavar: Optional[str] = None
    """What the value is, in the help (``NAME=VALUE``); None: click's own."""
    multiple: bool = False
    """Given once or more: the game gets a tuple of the values."""
    flag: bool = False
    """Takes no value: the game gets True or False."""
    choices: tuple[str, ...] = ()
    """The values it takes (none: any text)."""
    path: bool = False
    """The value names a file."""
    today: bool = False
    """Not given, it is today's date (``YYYY-MM-DD``)."""

    @property
    def flag_name(self) -> str:
        """``--house-rule``."""
        return "--" + self.name.replace("_", "-")


TITLE = NewOption("title", "A name for the game.", metavar="TEXT")
SITE = NewOption("site", "Where it is played: a club, a forum thread.", metavar="TEXT")
STARTED = NewOption(
    "started",
    "When it started [today, YYYY-MM-DD]; an empty value leaves it out.",
    metavar="DATE",
    today=True,
)


def joined_help(parts: list[str], multiple: bool) -> str:
    """The help of an option several games declare: their parts in order (see the module)."""
    text = ""
    for part in dict.fromkeys(p for p in parts if p):
        text = part if not text else text + (" " if text.endswith(".") else "; ") + part
    return text + "; repeat it." if multiple else text
