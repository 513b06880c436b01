"""Alias of ``forexcli.games.forex.engine.setup`` under its old path.

The same module object, kept for users' scripts (see ``forexcli._aliases``).
"""

from typing import TYPE_CHECKING, Any

from forexcli._aliases import alias

if TYPE_CHECKING:
    from forexcli.games.forex.engine.setup import *  # noqa: F403

    def __getattr__(name: str) -> Any: ...

else:
    alias(__name__, "forexcli.games.forex.engine.setup")
