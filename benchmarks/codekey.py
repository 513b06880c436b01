"""Which git trees of ``forexcli/`` hold the same code a tournament runs as the work tree does.

A tournament's journal stamps each game with the git tree of ``forexcli/`` that played it.
A change elsewhere in the package (a command, a reporter) changes that tree but not one line
the games run, so the games of such a tree still count: the files the benchmark scripts can
import, found by following every ``import`` statement from them (those inside functions
too, so the set holds everything a game can run and more), must be byte for byte the same in
the old tree as in the work tree.  (A ``py:MODULE:FACTORY`` player is named in the game's key;
its module's own imports are not followed.)
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


def _imported(path: Path, root: Path) -> set[str]:
    """The dotted names ``path`` imports anywhere in it, relative imports made absolute."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
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
    """The files of :data:`PACKAGES` that ``starts`` can import, following imports from file
    to file, and every path an import could have named (a file deleted or added there
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
    """Every file of :data:`PACKAGES` that ``starts`` can import (``starts`` included), as
    paths relative to ``root``."""
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
    files that ``script`` can import are the work tree's, byte for byte.  A tree git does
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
