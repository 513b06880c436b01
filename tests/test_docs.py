"""The documentation is complete and true: the man page, the README, the pre-commit hook.

- Every command and every option of ``forex`` is in ``man/forex.1``, which renders with
  groff without a single warning.
- The ``forex`` commands of the man page's EXAMPLES and of the README's ``sh`` blocks
  are run, in order, in a scratch folder holding a copy of ``examples/``: each must succeed,
  or exit with the status its comment names (``forex diff a.yaml b.yaml  # exit 1: ...``).
  ``cp A B`` lines copy a file there (a log sent to two players).  (Blocks marked ``bash``
  or ``yaml`` are shown, not run.)
- The README's YAML examples (a log, a workflow, a pre-commit configuration) are checked.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import click
import pytest
import yaml

from forexcli import __version__, games
from forexcli.cli import forex
from tests.cli.test_commands import ROOT, run
from tests.every_game import SHIPPED, TOY, own_readme, registered, shipped_only

MAN = ROOT / "man" / "forex.1"
README = ROOT / "README.md"
RUN = ("forex ", "cp ")
"""The example lines that are run: forex commands, and copies of a log."""


def man_source() -> str:
    return MAN.read_text(encoding="utf-8")


def unroff(text: str) -> str:
    """Roff escapes back to plain text, for the example lines."""
    return (
        text.replace("\\-", "-")
        .replace("\\(dq", '"')
        .replace("\\(mu", "x")
        .replace("\\e", "\\")
        .replace("\\&", "")
    )


def all_commands() -> dict[str, click.Command]:
    return dict(forex.commands)


def test_man_page_names_every_command_and_option() -> None:
    missing = man_missing()
    assert not missing, "missing from man/forex.1: " + ", ".join(missing)


def documented_by_its_game(option: str, choice: str | None = None) -> bool:
    """``option`` (or ``choice``, a game's name, of it) belongs to a registered game the project
    does not ship, and that game's README.md names it (``SHIPPED``)."""
    for name in games.names():
        if name in SHIPPED:
            continue
        readme = own_readme(name)
        if choice is not None:
            if choice == name and f"--game {name}" in readme:
                return True
        elif option in readme and any(o.flag_name == option for o in games.get(name).new_options()):
            return True
    return False


def man_missing() -> list[str]:
    """What of the commands and options man/forex.1 does not name (a game the project does not
    ship names its own in its folder's README.md)."""
    source = man_source()
    missing = []
    for param in forex.params:
        for opt in [*param.opts, *getattr(param, "secondary_opts", [])]:
            if opt.replace("-", "\\-") not in source:
                missing.append(f"forex {opt}")
    for flag in ("\\-h", "\\-\\-help"):
        if flag not in source:
            missing.append(f"forex {flag}")
    for name, command in all_commands().items():
        if f'.SS "forex {name}' not in source:
            missing.append(f"the command {name}")
        for param in command.params:
            if not isinstance(param, click.Option):
                continue
            for opt in [*param.opts, *param.secondary_opts]:
                if opt.replace("-", "\\-") not in source and not documented_by_its_game(opt):
                    missing.append(f"forex {name} {opt}")
            if isinstance(param.type, click.Choice):
                for choice in param.type.choices:
                    if not re.search(
                        rf"\b{re.escape(str(choice))}\b", source
                    ) and not documented_by_its_game(param.opts[-1], str(choice)):
                        missing.append(f"forex {name} {param.opts[-1]} {choice}")
    return missing


def test_a_game_the_project_does_not_ship_documents_itself_in_its_folder() -> None:
    """With the toy registered (its ``--target`` a new option of ``forex new``, its name a new
    choice of ``--game``), the man page and docs/cli.md need no change: the toy's README.md
    names them, and docs/cli.md shows the shipped games."""
    with registered(TOY):
        assert "--target" in run(["new", "--help"]).stdout
        assert man_missing() == []
        assert cli_reference() == (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


def test_the_walkthrough_names_every_method_a_game_may_override() -> None:
    """docs/adding-a-game.md names each public member of ``BaseGame``: a newcomer reading it
    alone learns every default a game may override."""
    from forexcli.games.defaults import BaseGame

    walkthrough = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    members = [name for name in vars(BaseGame) if not name.startswith("_")]
    assert "show_text" in members and "advisor" in members
    named = set(re.findall(r"`([a-z_]+)[`(]", walkthrough))
    assert [name for name in members if name not in named] == []


def test_the_walkthroughs_line_for_a_new_game_names_its_help_parts() -> None:
    """docs/adding-a-game.md gives the registry line a new game adds, and it names the three
    help parts (``help_texts``, ``new_options``, ``move_kinds``): a line without them,
    registered in ``forexcli/games/__init__.py``, fails ``tests/cli/test_help_imports.py``.
    The toy's line (Counting's, which its test adds) may name none."""
    import ast
    import textwrap

    walkthrough = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    lines = {}
    blocks = re.findall(r"```python\n(.*?)```", walkthrough, re.S)
    for block in (textwrap.dedent(block) for block in blocks if "register(" in block):
        for node in ast.walk(ast.parse(block)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "register":
                assert isinstance(node.args[0], ast.Constant)
                lines[node.args[0].value] = {keyword.arg for keyword in node.keywords}
    new_games = set(lines) - {*games.names(), "counting"}
    assert new_games, "no registry line of a new game"
    for name in new_games:
        assert lines[name] == {"help_texts", "new_options", "move_kinds"}, name


def test_the_walkthrough_names_what_a_games_rules_may_import() -> None:
    """docs/adding-a-game.md names each module of the frame a game's rules core or notation
    imports (the interface, its defaults, ``forex new``'s options, the seeded draw of a game
    with chance, the words of a hint): a newcomer learns from it what the pure core may use."""
    from tests.test_architecture import _game_of, graph

    walkthrough = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    imported = {
        target
        for importer, targets in graph().items()
        if (game := _game_of(importer)) is not None
        and re.search(r"\.(rules|notation)(\.|$)", importer.removeprefix(game))
        for target in targets
        if _game_of(target) is None and target != "forexcli.games"  # the registry
    }
    assert {"forexcli.games.base", "forexcli.games.seeded"} <= imported
    assert sorted(name for name in imported if f"`{name}`" not in walkthrough) == []


def test_man_page_sections_and_version() -> None:
    source = man_source()
    for section in (
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "GLOBAL OPTIONS",
        "COMMANDS",
        "EXIT STATUS",
        "ENVIRONMENT",
        "FILES",
        "EXAMPLES",
        "SEE ALSO",
    ):
        assert re.search(rf'^\.SH "?{section}"?$', source, re.M), section
    assert f'"forexcli {__version__}"' in source.splitlines()[2]
    exit_status = source.split(".SH EXIT STATUS", 1)[1].split(".SH ", 1)[0]
    for status in ("0", "1", "2"):
        assert f".B {status}\n" in exit_status
    for name in ("NO_COLOR", "_FOREX_COMPLETE"):
        assert name in source.split(".SH ENVIRONMENT", 1)[1].split(".SH ", 1)[0]


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_man_page_renders_without_warnings() -> None:
    done = subprocess.run(
        ["groff", "-ww", "-man", "-Tutf8", str(MAN)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stderr == "", done.stderr
    assert "forex - record, check, show and play games" in re.sub(r".\x08", "", done.stdout)


@pytest.mark.skipif(shutil.which("man") is None, reason="man is not installed")
def test_man_l_renders_without_warnings() -> None:
    done = subprocess.run(
        ["man", "-l", str(MAN)],
        capture_output=True,
        text=True,
        check=False,
        env={
            "MANPAGER": "cat",
            "PAGER": "cat",
            "MANWIDTH": "80",
            "LC_ALL": "C.UTF-8",
            "PATH": "/usr/bin:/bin",
        },
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "", done.stderr


def man_examples() -> list[str]:
    section = man_source().split(".SH EXAMPLES", 1)[1].split(".SH ", 1)[0]
    lines: list[str] = []
    for block in re.findall(r"^\.EX\n(.*?)^\.EE$", section, re.M | re.S):
        lines.extend(unroff(line) for line in block.splitlines() if line.startswith(RUN))
    return lines


def readme_commands() -> list[str]:
    commands = []
    for block in re.findall(r"^```sh\n(.*?)^```$", README.read_text(encoding="utf-8"), re.M | re.S):
        for line in block.splitlines():
            if line.startswith(RUN):
                commands.append(line)
            elif ".venv/bin/forex " in line:
                commands.append("forex " + line.split(".venv/bin/forex ", 1)[1])
    return commands


def expected_status(line: str) -> int:
    """0, or the status a comment names: ``forex diff a.yaml b.yaml  # exit 1: they fork``."""
    found = re.search(r"#\s*exit (?:status )?(\d+)", line)
    return int(found.group(1)) if found else 0


def run_in_scratch(
    lines: list[str], folder: Path, monkeypatch: pytest.MonkeyPatch
) -> dict[str, str]:
    """Run the lines in order; what each printed on standard output, by line."""
    outputs: dict[str, str] = {}
    shutil.copytree(ROOT / "examples", folder / "examples")
    shutil.copytree(ROOT / "schemas", folder / "schemas")
    monkeypatch.chdir(folder)
    for line in lines:
        args = shlex.split(line, comments=True)
        if args[0] == "cp":
            assert len(args) == 3, line
            shutil.copyfile(args[1], args[2])
            continue
        assert args[0] == "forex"
        result = run(args[1:])
        assert result.exit_code == expected_status(line), f"{line}\n{result.output}"
        outputs[line] = result.stdout
    return outputs


def test_man_page_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = man_examples()
    assert len(lines) >= 10
    run_in_scratch(lines, tmp_path, monkeypatch)


@pytest.mark.slow
def test_readme_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = readme_commands()
    assert lines[0] == "forex show examples/two-players.yaml"
    assert len(lines) >= 15
    outputs = run_in_scratch(lines, tmp_path, monkeypatch)
    # The output the README shows after its fork example is what forex diff prints.
    text = README.read_text(encoding="utf-8")
    (diff_line,) = [line for line in lines if line.startswith("forex diff ")]
    shown = text.split(diff_line, 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    assert outputs[diff_line] == shown


def test_readme_shows_the_digest_mismatch_validate_reports(tmp_path: Path) -> None:
    text = README.read_text(encoding="utf-8")
    shown = text.split("```text\ntwo-players.yaml:", 1)[1].split("```", 1)[0]
    source = (ROOT / "examples" / "two-players.yaml").read_text(encoding="utf-8")
    edited = source.replace("ada: contract 1 GBP for 2 CAD", "ada: contract 2 GBP for 4 CAD", 1)
    assert edited != source
    (tmp_path / "two-players.yaml").write_text(edited, encoding="utf-8")
    result = run(["validate", "-q", str(tmp_path / "two-players.yaml")])
    assert result.exit_code == 1
    assert result.stdout == f"{tmp_path}/two-players.yaml:{shown}"


def test_readme_keeps_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert (
        "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m"
        " pytest\n" in text
    )
    assert (
        "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/forex show"
        " examples/two-players.yaml\n" in text
    )


def _yaml_blocks() -> list[str]:
    return re.findall(r"^```yaml\n(.*?)^```$", README.read_text(encoding="utf-8"), re.M | re.S)


def test_readme_log_example_is_a_valid_log(tmp_path: Path) -> None:
    block = next(b for b in _yaml_blocks() if b.startswith("# yaml-language-server"))
    (tmp_path / "log.yaml").write_text(block, encoding="utf-8")
    result = run(["validate", str(tmp_path / "log.yaml")])
    assert result.exit_code == 0, result.output


def test_readme_ci_recipes() -> None:
    workflow = next(yaml.safe_load(b) for b in _yaml_blocks() if b.startswith("name: games"))
    steps = workflow["jobs"]["validate"]["steps"]
    assert steps[-1]["run"] == "forex validate --format github games/"
    configs = [yaml.safe_load(b) for b in _yaml_blocks() if b.startswith("repos:")]
    hook_ids = [h["id"] for config in configs for repo in config["repos"] for h in repo["hooks"]]
    assert hook_ids == ["forex-validate", "check-jsonschema"]


def test_pre_commit_recipes_name_no_address_that_does_not_exist() -> None:
    """The project has no public home yet: the README's forex hook is a local one, the same
    as .pre-commit-hooks.yaml's, and check-jsonschema reads the schema saved beside the logs.
    A ``repo:`` address's rev is a release tag (pre-commit installs a hook once per rev)."""
    configs = [yaml.safe_load(b) for b in _yaml_blocks() if b.startswith("repos:")]
    repos = {repo["repo"]: repo for config in configs for repo in config["repos"]}
    (ours,) = repos["local"]["hooks"]
    (published,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert {k: ours[k] for k in ("id", "name", "entry", "types")} == {
        k: published[k] for k in ("id", "name", "entry", "types")
    }
    assert ours["language"] == "system"
    hooks_file = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert f"rev: v{__version__}" in hooks_file
    theirs = repos["https://github.com/python-jsonschema/check-jsonschema"]
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", theirs["rev"])
    (hook,) = theirs["hooks"]
    assert hook["args"] == ["--schemafile", "schemas/forex-log.schema.json"]
    for doc in (README, ROOT / "docs" / "format.md", ROOT / ".pre-commit-hooks.yaml"):
        text = doc.read_text(encoding="utf-8")
        assert "OWNER" not in text, doc
        if doc.suffix == ".md":
            assert "id: check-jsonschema" in text, doc


def test_the_check_jsonschema_hook_accepts_a_log(tmp_path: Path) -> None:
    """The documented hook, run as pre-commit runs it, with the schema saved as documented
    (``forex schema > schemas/forex-log.schema.json``)."""
    import sys

    configs = [yaml.safe_load(b) for b in _yaml_blocks() if b.startswith("repos:")]
    (hook,) = [
        h for c in configs for r in c["repos"] for h in r["hooks"] if h["id"] == "check-jsonschema"
    ]
    args = hook["args"]
    (tmp_path / "schemas").mkdir()
    saved = run(["schema"])
    assert saved.exit_code == 0
    (tmp_path / "schemas" / "forex-log.schema.json").write_text(saved.stdout, encoding="utf-8")
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(ROOT / "examples" / "two-players.yaml", games)
    shutil.copy(ROOT / "examples" / "invalid" / "unknown-key.yaml", games)
    files = [str(p.relative_to(tmp_path)) for p in sorted(games.iterdir())]
    assert all(re.search(hook["files"], name) for name in files)
    done = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", *args, *files],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "unknown-key.yaml" in done.stdout and "two-players.yaml" not in done.stdout


def test_pre_commit_hook(tmp_path: Path) -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = hooks
    assert hook["id"] == "forex-validate"
    assert hook["language"] == "python"
    assert "yaml" in hook["types"]
    entry = shlex.split(hook["entry"])
    assert entry[0] == "forex"
    other = tmp_path / "workflow.yaml"
    other.write_text("on: push\n")
    good = [str(ROOT / "examples" / "two-players.yaml"), str(other)]
    assert run([*entry[1:], *good]).exit_code == 0
    bad = run([*entry[1:], *good, str(ROOT / "examples" / "invalid" / "bad-removed.yaml")])
    assert bad.exit_code == 1
    assert "bad_removed" in bad.stdout


def test_every_command_is_in_the_readme_table() -> None:
    text = README.read_text(encoding="utf-8")
    for name in all_commands():
        assert f"| `forex {name}" in text, name


def cli_reference() -> str:
    """docs/cli.md: the --help of every command, as the command prints it."""
    parts = [
        "# The `forex` command: reference\n",
        "Generated from `forex --help` and each command's `--help` by `tests/test_docs.py`;",
        "regenerate with `FOREX_REGEN=1 python -m pytest tests/test_docs.py`. The manual",
        "(`man -l man/forex.1`) says the same at more length, with examples.\n",
    ]
    for name in ["", *sorted(all_commands())]:
        args = [name, "--help"] if name else ["--help"]
        with shipped_only():  # a game the project does not ship documents itself
            result = run(args, COLUMNS="80")
        assert result.exit_code == 0
        title = f"forex {name}".strip()
        text = "\n".join(line.rstrip() for line in result.stdout.splitlines())
        parts.append(f"## `{title}`\n\n```text\n{text}\n```\n")
    return "\n".join(parts)


def test_cli_reference_is_current() -> None:
    import os

    path = ROOT / "docs" / "cli.md"
    text = cli_reference()
    if os.environ.get("FOREX_REGEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists() and path.read_text(encoding="utf-8") == text, (
        "docs/cli.md is out of date: FOREX_REGEN=1 python -m pytest tests/test_docs.py"
    )


def test_the_readmes_spot_offer_figures_are_results_mds() -> None:
    """The README's paragraph on the engine against players who offer it spots quotes the
    win rates and the game counts of benchmarks/RESULTS.md's table (it said 83 games each;
    the investor and the trader had played 82)."""
    results = (ROOT / "benchmarks" / "RESULTS.md").read_text(encoding="utf-8")
    table = results.split("## Spot offers at the default of session 25: 200 games a player", 1)[1]
    rows = {
        cells[0]: (int(cells[1]), cells[3])
        for line in table.splitlines()[:30]
        if line.startswith("| ")
        and (cells := [c.strip() for c in line.strip("|").split("|")])[1].isdigit()
    }
    assert set(rows) == {"random", "greedy", "oneply", "cautious", "trader", "investor"}
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    start = readme.index("Against ladder players who offer it spots freely")
    paragraph = readme[start : readme.index("never went bankrupt", start)]
    for played, rate in rows.values():
        assert rate in paragraph or rate.replace(".0%", "%") in paragraph, rate
        assert str(played) in paragraph, played
    counts = {played for played, _ in rows.values()}
    assert ("games each" in paragraph) == (len(counts) == 1), paragraph


def man_section(title: str) -> str:
    """The text of man/forex.1's section ``.SH TITLE``, roff escapes undone."""
    return unroff(man_source().split(f".SH {title}\n", 1)[1].split("\n.SH ", 1)[0])


def test_the_usage_errors_the_docs_name_are_the_commands() -> None:
    """A move number the log does not have (no_such_entry) and ``-`` for the log of a
    command that edits it in place are usage errors, exit status 2: the man page's EXIT
    STATUS and the README's exit statuses name the code and every such command (they said
    neither while annotate, sign and undo --to exited 2 and the four commands refused ``-``)."""
    from forexcli.cli.common import EditedFile, NewFile
    from forexcli.record.problems import ARGUMENT_CODES

    usage = man_section("EXIT STATUS").split("\n.B 2\n", 1)[1].split("\n.TP", 1)[0]
    usage = " ".join(usage.split())
    readme = " ".join(README.read_text(encoding="utf-8").split())
    exits = readme[readme.index("exit statuses are **0** ok") :].split("**3**", 1)[0]
    in_place = sorted(
        name
        for name, command in all_commands().items()
        if any(
            isinstance(p.type, EditedFile) and not isinstance(p.type, NewFile)
            for p in command.params
        )
    )
    assert in_place == ["annotate", "play", "seat", "sign", "undo"]
    for code in ARGUMENT_CODES:
        assert code in usage, code
    assert "move number the log does not have" in usage
    assert "move number the log does not" in exits
    for name in in_place:
        assert re.search(rf"\b{name}\b", usage.split("standard input", 1)[1]), name
        assert f"`{name}`" in exits.split("`-`", 1)[1], name
    assert "new" in usage.split("standard input", 1)[1] and "`new`" in exits.split("`-`", 1)[1]


def test_undo_says_a_key_added_on_first_use_goes_with_its_move() -> None:
    """forex undo takes out the key a removed move added on first use (since the leftovers
    pass); its --help and the man page's undo said nothing of it."""
    undo = " ".join(man_source().split('.SS "forex undo FILE"', 1)[1].split(".SS ", 1)[0].split())
    assert "on first use" in unroff(undo) and "goes with it" in undo
    said = " ".join(run(["undo", "--help"], COLUMNS="80").stdout.split())
    assert "added to the header's keys: on first use" in said and "goes with it" in said


def test_validate_says_a_file_named_twice_is_checked_once(tmp_path: Path) -> None:
    """validate a.yaml a.yaml (or a folder and a file in it) checks the file once, in the order
    first named (since the leftovers pass); its --help, the man page and the README's table
    said nothing of it. The command does as they say."""
    said = " ".join(run(["validate", "--help"], COLUMNS="80").stdout.split())
    assert "A file named twice, or named beside a folder that holds it, is checked once" in said
    validate = man_source().split('.SS "forex validate PATH..."', 1)[1].split(".SS ")[0]
    man = " ".join(validate.split())
    assert "a file named twice, or named beside a folder that holds it, is checked once" in man
    lines = README.read_text("utf-8").splitlines()
    row = next(r for r in lines if r.startswith("| `forex validate"))
    assert "a file named twice (or beside its folder) is checked once" in row
    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("a.yaml", "b.yaml"):
        shutil.copy(ROOT / "examples" / "two-players.yaml", folder / name)
    b = str(folder / "b.yaml")
    result = run(["validate", "-v", b, str(folder), b])
    assert result.exit_code == 0, result.output
    assert "2 files checked" in result.stdout
    assert result.stdout.index("b.yaml") < result.stdout.index("a.yaml")


def _property_names(node: object) -> set[str]:
    """Every property name a JSON Schema (part) declares, at any depth."""
    if isinstance(node, dict):
        names = set(node.get("properties", {}))
        return names.union(*(_property_names(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_property_names(v) for v in node))
    return set()


def test_format_md_names_every_header_key_and_every_key_of_plays_replies() -> None:
    """docs/format.md's header table has a row for each key of the log schema's header (as
    `declined:` got one), and it names each key that `forex schema play` (both games) gives
    the engine seats' replies and an answer to an offer (`sentences`, `signed`,
    `countersigned`, `awaiting`, ...), so that a key added to a schema is documented."""
    import json

    doc = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    header = doc.split("## Header\n", 1)[1].split("\n## ", 1)[0]
    log = json.loads((ROOT / "schemas" / "forex-log.schema.json").read_text("utf-8"))
    rows = {cell.strip(" `") for line in header.splitlines() if line.startswith("| `")
            for cell in line.split("|")[1].split(",")}  # fmt: skip
    assert set(log["properties"]) - rows == set()
    for name in ("forex-play", "worldex-play"):
        play = json.loads((ROOT / "schemas" / f"{name}.schema.json").read_text("utf-8"))
        replies = [play["$defs"]["replies"], play["$defs"]["reply"]]
        answers = [shape["properties"].get("answer", {}) for shape in play["oneOf"]]
        keys = _property_names([*replies, *answers]) | {
            key for shape in play["oneOf"] for key in shape["properties"]
        }
        assert {"sentences", "signed", "countersigned", "awaiting", "offered_to"} <= keys
        assert sorted(k for k in keys - {"version"} if f"`{k}`" not in doc) == [], name


def test_the_docs_say_the_loops_commands_take_their_options() -> None:
    """The interactive game's moves, show and hint take their commands' options (since the
    qavscomputer pass); play --help, the README and the man page named the words alone."""
    examples = ("moves --all", "show --at 3", "hint --top 5")
    said = " ".join(run(["play", "--help"], COLUMNS="80").stdout.split())
    readme = " ".join(README.read_text(encoding="utf-8").split())
    man = " ".join(unroff(man_source()).split())
    for text in (said, readme, man):
        assert "with their options" in text or "take their commands' options" in text
        assert all(example in text for example in examples)


def test_the_docs_show_a_printed_command_quoted_as_forex_prints_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Printed commands are quoted for a shell (command_word, command_path, since the quoting
    pass); the README and the man page said nothing of it. Their examples are what forex new
    prints for a path with a space and for one that starts with -."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my games").mkdir()
    readme = " ".join(README.read_text(encoding="utf-8").split())
    man = " ".join(unroff(man_source()).split())
    for path, shown in (
        ("my games/a b.yaml", "forex moves 'my games/a b.yaml'"),
        ("./-x.yaml", "forex moves ./-x.yaml"),
    ):
        result = run(["new", path, "--players", "ann,bob", "--seed", "x"])
        assert result.exit_code == 0, result.output
        assert shown in " ".join(result.stdout.split())
        assert shown.split(" ", 2)[2] in readme and shown.split(" ", 2)[2] in man


def test_the_man_pages_environment_names_every_variable_forex_reads() -> None:
    """COLUMNS sets the width every text output wraps to (in terminal columns since the
    leftovers pass), but the man page's ENVIRONMENT named only NO_COLOR and the key's
    variables: each variable the package reads is an entry there."""
    read = set()
    for path in (ROOT / "forexcli").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        read |= set(re.findall(r"environ\.get\(\s*\"([A-Z_]+)\"", source))
        read |= set(re.findall(r"^ENV_[A-Z_]+ = \"([A-Z_]+)\"", source, re.MULTILINE))
    assert {"COLUMNS", "NO_COLOR", "FOREX_KEY", "FOREX_PASSPHRASE"} <= read
    environment = man_section("ENVIRONMENT")
    assert sorted(name for name in read if f".TP\n.B {name}\n" not in environment) == []


def test_exit_status_3_names_every_command_that_writes() -> None:
    """The man page's exit status 3 (written_unreported) named play, annotate, undo, new and
    two pictures while every writer tests/cli/test_terminal.py checks gives it (seat now too):
    each is named there."""
    from tests.cli.test_terminal import WRITERS

    three = man_section("EXIT STATUS").split("\n.B 3\n", 1)[1].split("\n.TP", 1)[0]
    three = " ".join(three.split())
    for name in WRITERS:
        words = name.split()
        command = " ".join(words[:2]) if words[0] == "key" else words[0]
        assert re.search(rf"\b{command}\b", three), name
        option = next((w for w in words[1:] if w.startswith("--")), None)
        assert option is None or option in three or command in ("play", "undo", "read"), name


def test_the_docs_name_every_key_a_player_may_not_be_called() -> None:
    """A player may not be called note, digest or sig (the keys of an entry); the man page
    named only note and digest."""
    from forexcli.games.forex.schema_source import RESERVED_ENTRY_KEYS

    man = " ".join(unroff(man_source()).split("Player names are 1 to 32", 1)[1].split()[:80])
    doc = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    names = doc.split("Player names are 1 to 32", 1)[1].split("\n\n", 1)[0]
    for key in RESERVED_ENTRY_KEYS:
        assert re.search(rf"\b{key}\b", man) and f"`{key}`" in names, key


def test_the_docs_say_what_moves_lists_while_an_offer_waits(tmp_path: Path) -> None:
    """While the engine's offer waits for a person, forex moves lists accept and decline (in
    JSON the decider and the answers, since the qavscomputer pass); the man page's moves and
    the README's table said nothing of it. Each key of that JSON is named in format.md."""
    import json

    log = tmp_path / "hope.yaml"
    shutil.copyfile(ROOT / "tests" / "logs" / "valid" / "engine-hope-offer.yaml", log)
    assert run(["play", str(log), "computer", "--engine"]).exit_code == 0
    said = run(["moves", str(log), "--format", "json"])
    assert said.exit_code == 0, said.output
    data = json.loads(said.stdout)
    assert [a["answer"] for a in data["answers"]] == ["accept", "decline"]
    doc = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    keys = set(data) | set(data["answers"][0]) | set(data["offer"])
    assert sorted(k for k in keys - {"format", "version"} if f"`{k}`" not in doc) == []
    moves = man_source().split('.SS "forex moves FILE"', 1)[1].split(".SS ", 1)[0]
    moves = " ".join(unroff(moves).split())
    assert all(key in moves for key in ("accept", "decline", "decider", "answers"))
    row = next(r for r in README.read_text("utf-8").splitlines() if r.startswith("| `forex moves"))
    assert "`accept` and `decline`" in row and "`answers`" in row


def test_the_synopsis_names_every_command_and_what_schema_prints() -> None:
    """The man page's SYNOPSIS left out sign, key new, read and import, gave schema only
    log|show, and play's signed form (--sign, --key-for-seat) not at all."""
    synopsis = man_section("SYNOPSIS")
    for name, command in all_commands().items():
        subcommands = getattr(command, "commands", None)
        for full in [f"{name} {sub}" for sub in subcommands] if subcommands else [name]:
            assert f".B forex {full}\n" in synopsis, full
    schema = synopsis.split(".B forex schema\n", 1)[1].split(".br", 1)[0]
    argument = next(p for p in all_commands()["schema"].params if isinstance(p, click.Argument))
    assert isinstance(argument.type, click.Choice)
    assert all(re.search(rf"\b{choice}\b", schema) for choice in argument.type.choices)
    assert "--key-for-seat" in synopsis.split(".B forex read\n", 1)[0]


def test_the_readmes_table_names_every_schema() -> None:
    """The README's row of forex schema said [log|show|play]; it prints components too."""
    argument = next(p for p in all_commands()["schema"].params if isinstance(p, click.Argument))
    assert isinstance(argument.type, click.Choice)
    lines = README.read_text("utf-8").splitlines()
    row = next(r for r in lines if r.startswith("| `forex schema"))
    listed = "\\|".join(str(choice) for choice in argument.type.choices)
    assert row.startswith(f"| `forex schema [{listed}]`"), row


DOCS_WITH_NAMES = ("adding-a-game.md", "architecture.md")
"""The docs whose dotted names in backticks are the code's."""


def test_the_docs_dotted_names_exist() -> None:
    """Every ``record.problems.command_path``-like name in backticks in docs/adding-a-game.md
    and docs/architecture.md (a module, or a name in one) exists, so that the walkthrough's
    helpers (``reporters.wrap_line``, ``reporters.text_width`` ...) are the code's."""
    import importlib

    packages = "record|reporters|games|search|pages|cli|words|streams|hosting|replies"
    pattern = rf"`((?:forexcli\.)?(?:{packages})\.[A-Za-z_][\w.]*)`"
    text = "".join((ROOT / "docs" / name).read_text("utf-8") for name in DOCS_WITH_NAMES)
    names = {name for name in re.findall(pattern, text) if not name.endswith(".py")}
    assert "reporters.wrap_line" in names and "record.problems.command_path" in names
    missing = []
    for name in sorted(names):
        parts = name.removeprefix("forexcli.").split(".")
        for cut in range(len(parts), 0, -1):
            try:
                found: object = importlib.import_module(".".join(["forexcli", *parts[:cut]]))
            except ImportError:
                continue
            for attribute in parts[cut:]:
                found = getattr(found, attribute, None)
            break
        else:
            found = None
        if found is None:
            missing.append(name)
    assert missing == []


def test_the_readme_names_every_command_that_edits_a_log_in_place() -> None:
    """The README's log format named play, annotate and undo as the commands that edit a
    log's text in place; sign and seat do too (they refuse - for it)."""
    from forexcli.cli.common import EditedFile, NewFile

    readme = " ".join(README.read_text(encoding="utf-8").split())
    listed = readme.split("Commands that change a log (", 1)[1].split(")", 1)[0]
    for name, command in all_commands().items():
        types = [p.type for p in command.params]
        if any(isinstance(t, EditedFile) and not isinstance(t, NewFile) for t in types):
            assert f"`{name}`" in listed, name
