"""Old import paths of moved modules, kept as aliases of the very same module objects.

Issue 13 moved For-Ex's rules and views under ``forexcli.games.forex`` and the
game-independent record layer under ``forexcli.record``.  The old paths
(``forexcli.gamelog``, ``forexcli.engine.rules``, ``python -m
forexcli.schema_source``, ...) stay the stable public paths for users'
scripts: each is a small file that calls ``alias`` at import, which puts the
real module into ``sys.modules`` under the old name too.  So ``from forexcli
import gamelog`` and ``import forexcli.record.gamelog`` give one object:
monkeypatching either patches both, and classes are the same classes.  An old
package (``forexcli.engine``) registers every submodule of the real one under
its old name as well, so ``forexcli.engine.rules`` is never loaded twice.

Nothing inside ``forexcli`` imports an old path, so an alias costs nothing
until a script uses it.  For type checkers each shim re-exports the real
module (``from ... import *``) and declares a module ``__getattr__`` for the
private names.
"""

from __future__ import annotations

import importlib
import pkgutil
import runpy
import sys
from types import ModuleType

MOVED: dict[str, str] = {
    **{
        f"forexcli.{name}": f"forexcli.record.{name}"
        for name in (
            "digests",
            "edit",
            "fastpath",
            "forks",
            "gamelog",
            "hints",
            "mail",
            "png",
            "problems",
            "signing",
            "validation",
            "yamlread",
        )
    },
    **{
        f"forexcli.{name}": f"forexcli.games.forex.{name}"
        for name in (
            "advisor",
            "catchup",
            "engine",
            "message",
            "moves",
            "notation",
            "schema_source",
            "search",
            "snapshot",
            "standings",
            "svg",
        )
    },
}
"""Each old module or package path and the path of the real one."""


def alias(old: str, new: str) -> ModuleType:
    """Make ``old`` name the module ``new`` (and each submodule of a package) in ``sys.modules``.

    A shim run as a script (``python -m forexcli.schema_source``, where
    ``old`` is ``__main__``) runs the real module as the script instead.
    """
    if old == "__main__":
        runpy.run_module(new, run_name="__main__", alter_sys=True)
        raise SystemExit(0)
    module = importlib.import_module(new)
    sys.modules[old] = module
    path = getattr(module, "__path__", None)
    if path is not None:
        for info in pkgutil.iter_modules(path):
            submodule = alias(f"{old}.{info.name}", f"{new}.{info.name}")
            setattr(module, info.name, submodule)
    return module
