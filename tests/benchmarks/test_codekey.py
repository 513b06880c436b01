"""benchmarks/codekey: which trees of ``forexcli/`` hold the code a tournament runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from benchmarks.codekey import imported_files, same_code_trees

FILES = {
    "benchmarks/__init__.py": "",
    "benchmarks/strength.py": "from benchmarks.helper import run\nimport forexcli.games.rules\n",
    "benchmarks/helper.py": "def run():\n    from forexcli.commands import edit\n",
    "benchmarks/other.py": "from forexcli.commands import edit\n",
    "forexcli/__init__.py": "",
    "forexcli/games/__init__.py": "",
    "forexcli/games/rules.py": "from typing import TYPE_CHECKING\nfrom .engine.state import State\n"
    "if TYPE_CHECKING:\n    from forexcli.commands import edit\nelse:\n    from . import search\n",
    "forexcli/games/engine/__init__.py": "",
    "forexcli/games/engine/state.py": "from ..search import think\nclass State: ...\n",
    "forexcli/games/search.py": "def think(): return 1\n",
    "forexcli/commands/__init__.py": "",
    "forexcli/commands/edit.py": "import forexcli.games.rules\nTEXT = 'one'\n",
}


def _git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True
    ).stdout.strip()


def _repository(root: Path) -> str:
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    _git(root, "init", "-q")
    _git(root, "add", ".")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one")
    return _git(root, "rev-parse", "--short", "HEAD:forexcli")


def test_the_files_a_script_imports(tmp_path: Path) -> None:
    _repository(tmp_path)
    found = imported_files([tmp_path / "benchmarks/strength.py"], tmp_path)
    assert found == {
        "benchmarks/__init__.py",
        "benchmarks/strength.py",
        "benchmarks/helper.py",
        "forexcli/__init__.py",
        "forexcli/games/__init__.py",
        "forexcli/games/rules.py",
        "forexcli/games/engine/__init__.py",
        "forexcli/games/engine/state.py",
        "forexcli/games/search.py",  # imported relatively, and after TYPE_CHECKING's else
    }  # not forexcli/commands/edit.py: imported inside a function and for the checkers only


def test_a_tree_counts_while_no_file_a_game_can_run_changed(tmp_path: Path) -> None:
    first = _repository(tmp_path)
    assert same_code_trees({first}, tmp_path) == {first}
    (tmp_path / "forexcli/commands/edit.py").write_text("TEXT = 'two'\n", encoding="utf-8")
    assert same_code_trees({first}, tmp_path) == {first}  # a command no game imports
    (tmp_path / "forexcli/games/search.py").write_text("def think(): return 2\n")
    assert same_code_trees({first}, tmp_path) == set()  # the search itself
    (tmp_path / "forexcli/games/search.py").write_text(FILES["forexcli/games/search.py"])
    assert same_code_trees({first}, tmp_path) == {first}
    (tmp_path / "forexcli/games/engine/state.py").unlink()  # a file the game needs, gone
    assert same_code_trees({first}, tmp_path) == set()
    state = "forexcli/games/engine/state.py"
    (tmp_path / state).write_text(FILES[state])
    (tmp_path / "forexcli/games/search").mkdir()  # a package where the module was imported
    (tmp_path / "forexcli/games/search/__init__.py").write_text("")
    assert same_code_trees({first}, tmp_path) == set()


def test_trees_git_does_not_know_never_count(tmp_path: Path) -> None:
    first = _repository(tmp_path)
    unknown = {f"{first}+changed", "unknown", "x" + first, "0000000"}
    assert same_code_trees(unknown | {first}, tmp_path) == {first}


def test_games_load_exactly_the_modules_the_imports_name() -> None:
    """A tournament's games (4 players, every ladder style, the engine) load no module of the
    package that importing benchmarks/strength.py does not: what codekey compares is what ran."""
    script = (
        "import sys\n"
        "from benchmarks import strength\n"
        "strength.play_match('engine', 'investor,trader,cautious', 1, 20, None)\n"
        "strength.play_match('engine', 'oneply', 0, 20, None)\n"
        "strength.play_match('engine:30', 'greedy', 1, 20, None)\n"
        "print('\\n'.join(sorted(m for m in sys.modules if m.startswith('forexcli'))))\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True
    )
    loaded = set(done.stdout.split())
    named = {
        name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for name in imported_files([root / "benchmarks/strength.py"], root)
        if name.startswith("forexcli/")
    }
    assert loaded == named
