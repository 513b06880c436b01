"""One entry of a log as written: its number, who decides, the notation, the decisions it
holds, and its note, digest and signatures."""

from __future__ import annotations

from typing import Any

from msgspec import Struct


class Entry(Struct, frozen=True):
    """One move of the log as written: who (the key), what, and the note.

    ``decisions`` are the game's decisions the notation stands for (one entry may hold
    several); ``written`` is the game's own reading of the notation when it keeps one (a
    notation's parsed form), else None.
    """

    number: int
    player: str
    text: str
    decisions: tuple[Any, ...]
    note: str | None = None
    digest: str | None = None
    sig: dict[str, str] | None = None
    """Signatures (signer's name to base64), see ``forexcli.record.signing``."""
    written: Any = None

    @property
    def key(self) -> str:
        """The entry's key: who decides (a player, or a pseudo-decider such as ``deck``)."""
        return self.player
