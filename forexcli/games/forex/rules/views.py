"""The protocol of what the rules read of a state; imported by the type checkers only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional, Protocol

from .board import Board
from .state import Pending


class StateView(Protocol):
    """What the rules read of the state a decision is checked against.

    A ``GameState`` is one; so is the working copy of ``apply_all``, which
    stands for the state reached so far (no state is built between decisions).
    """

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def board(self) -> Board: ...
    @property
    def money(self) -> Sequence[Sequence[int]]: ...
    @property
    def certs(self) -> Sequence[Sequence[int]]: ...
    @property
    def supply(self) -> Sequence[int]: ...
    @property
    def pending(self) -> Pending: ...
    @property
    def spot_done(self) -> bool: ...
    def free_letter(self) -> Optional[str]: ...
