"""A new game log, for any game: a fresh seed, and writing the log without ever replacing a
file.

``create_log`` writes it atomically and only if no file of that name exists:
the text goes to a temporary file in the same folder, which is then
hard-linked to the name (this fails if the name exists, like ``O_EXCL``) and
unlinked.  Where hard links are not supported the file is opened with
``O_CREAT | O_EXCL`` instead.  Each game writes its own log's text.
"""

from __future__ import annotations

import os
import secrets

from ..record.files import write_output
from ..record.problems import LogError, Problem


def random_seed() -> str:
    """A fresh seed for a new game's draws (what its set-up leaves to chance): 8 hex digits."""
    return secrets.token_hex(4)


def create_log(path: str, text: str) -> None:
    """Write ``text`` to a new file ``path``; raises ``LogError`` if it exists or cannot be made."""
    if os.path.lexists(path):
        raise LogError(
            [
                Problem(
                    "exists",
                    f"{path} already exists; forex new never overwrites a file",
                    "io",
                    path,
                )
            ]
        )
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise LogError(
            [
                Problem(
                    "no_folder",
                    f"cannot create {path}: the folder {folder} does not exist",
                    "io",
                    path,
                )
            ]
        )
    write_output(path, text, refusal="forex new never overwrites a file")
