"""Which git trees of ``forexcli/`` hold the same code a tournament runs as the work tree does.

A tournament's journal stamps each game with the git tree of ``forexcli/`` that played it.
A change elsewhere in the package (a command, a reporter) changes that tree but not one line
the games run, so the games of such a tree still count: the files ``benchmarks/strength.py``
imports, found by following the ``import`` statements that run when a module is imported
(not those inside functions, which the package uses to load what only a command needs), must
be byte for byte the same in the old tree as in the work tree.  A test checks that playing
games loads no module of the package beyond those.  (A ``py:MODULE:FACTORY`` player is
named in the game's key; its module's own imports are not followed.)
"""

from __future__ import annotations

import ast
import subprocess
from collections.abc import Collection, Iterable
from pathlib import Path

PACKAGES = ("forexcli", "benchmarks")
"""The packages whose imports are followed; only ``forexcli``'s files are compared."""


def _module_of(path: Path, root: Path) -> list[str]:
    """The dotted package a file's relative imports start from."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return parts[:-1]  # a module's package; for __init__ the package itself


def _checkers_only(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:`` (its body runs for the type checkers only)."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", None)
    return name == "TYPE_CHECKING"


def _import_time_nodes(tree: ast.AST) -> Iterable[ast.AST]:
    """The nodes of a module that run when it is imported: all but function bodies and the
    bodies of ``if TYPE_CHECKING:``."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if _checkers_only(node):
            assert isinstance(node, ast.If)
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def _imported(path: Path, root: Path) -> set[str]:
    """The dotted names ``path`` imports when it is imported, relative imports made
    absolute."""
    names: set[str] = set()
    for node in _import_time_nodes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _module_of(path, root)
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, base] if base else package)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def _candidates(name: str, root: Path) -> list[Path]:
    """The files a dotted name could be, with every package on its way (``a/__init__.py``
    ...), whether they exist or not."""
    parts = name.split(".")
    found = []
    for end in range(1, len(parts) + 1):
        stem = root.joinpath(*parts[:end])
        found += [stem.with_suffix(".py"), stem / "__init__.py"]
    return found


def _walk(starts: Iterable[Path], root: Path) -> tuple[set[Path], set[Path]]:
    """The files of :data:`PACKAGES` that importing ``starts`` imports, following imports from
    file to file, and every path an import could have named (a file deleted or added there
    changes what runs)."""
    seen: set[Path] = set()
    considered: set[Path] = set()
    todo = list(starts)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in _imported(path, root):
            if name.split(".")[0] in PACKAGES:
                candidates = _candidates(name, root)
                considered.update(candidates)
                todo.extend(path for path in candidates if path.is_file())
    return seen, considered


def imported_files(starts: Iterable[Path], root: Path) -> frozenset[str]:
    """Every file of :data:`PACKAGES` that importing ``starts`` imports (``starts``
    included), as paths relative to ``root``."""
    return frozenset(path.relative_to(root).as_posix() for path in _walk(starts, root)[0])


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True)
    return done.stdout


def _tree_blobs(root: Path, tree: str) -> dict[str, str]:
    """The blob of every file in a git tree of ``forexcli/``, by its path from ``root``."""
    blobs = {}
    for line in _git(root, "ls-tree", "-r", tree).splitlines():
        meta, _, name = line.partition("\t")
        blobs[f"forexcli/{name}"] = meta.split()[2]
    return blobs


def same_code_trees(
    trees: Collection[str], root: Path | str = ".", script: str = "benchmarks/strength.py"
) -> set[str]:
    """Those of ``trees`` (short git trees of ``forexcli/``, as a journal stamps them) whose
    files that importing ``script`` imports are the work tree's, byte for byte.  A tree git does
    not know (``+changed``, ``unknown``, another repository's) is not."""
    root = Path(root)
    _, considered = _walk([root / script], root)
    paths = sorted(p.relative_to(root).as_posix() for p in considered)
    files = [name for name in paths if name.startswith("forexcli/") and (root / name).is_file()]
    if not files:
        return set()
    try:
        mine: dict[str, str | None] = dict.fromkeys(paths)
        mine.update(zip(files, _git(root, "hash-object", "--", *files).split(), strict=True))
    except (OSError, subprocess.CalledProcessError):
        return set()
    same = set()
    for tree in trees:
        try:
            theirs = _tree_blobs(root, tree)
        except (OSError, subprocess.CalledProcessError):
            continue
        if all(theirs.get(name) == mine[name] for name in paths if name.startswith("forexcli/")):
            same.add(tree)
    return same
