"""forex import --rename: a name the option gives is checked as a site's name is, and the
problem names the --rename that fixes it (the site's name, not the refused new one)."""

from __future__ import annotations

from pathlib import Path

from tests import bga
from tests.cli.test_commands import run

TABLE = bga.TABLE_LOGS_DIR / "table-59-5.json.gz"  # noor, Mateo, mira_k, Yuki, ada-l


def _import(tmp_path: Path, *renames: str) -> tuple[int, str, Path]:
    out = tmp_path / "game.yaml"
    args = ["import", str(TABLE), "-o", str(out)]
    for rename in renames:
        args += ["--rename", rename]
    result = run(args)
    return result.exit_code, " ".join(result.stderr.split()), out


def test_a_refused_new_name_is_said_to_be_the_renames(tmp_path: Path) -> None:
    code, said, out = _import(tmp_path, "noor=noor: the great")
    assert code == 2 and not out.exists()
    assert "bad_player_name: the name 'noor: the great' (--rename noor=noor: the great)" in said
    assert "hint: give it another with --rename 'noor=NEW'" in said


def test_a_rename_onto_another_players_name_is_a_usage_problem(tmp_path: Path) -> None:
    code, said, out = _import(tmp_path, "noor=Yuki")
    assert code == 2 and not out.exists()
    assert "confusable_names: 'noor' and 'Yuki' would both be 'Yuki' in the log" in said
    assert "--rename 'noor=NEW'" in said
    code, said, out = _import(tmp_path, "noor=YUKI")
    assert code == 2 and "confusable_names" in said and "--rename 'noor=NEW'" in said
    code, said, out = _import(tmp_path, "noor=Yuki", "Yuki=noor")  # a swap is fine
    assert code == 0, said


def test_a_rename_of_someone_not_at_the_table_names_who_is(tmp_path: Path) -> None:
    """``--rename nobody=x``: the hint says how --rename takes a name at the table (before,
    it said that forex import takes a table log, which it had been given)."""
    code, said, out = _import(tmp_path, "nobody=x")
    assert code == 2 and not out.exists()
    assert "unknown_player: 'nobody' does not play at this table (noor, Mateo" in said
    assert "hint: --rename takes a name as the table shows it, as in --rename 'ada-l=NEW'" in said
    assert "takes the JSON log" not in said
