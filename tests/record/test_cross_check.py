"""Every edit is read back by ruamel.yaml's round-trip reader before it is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from forexcli.record import edit, gamelog
from forexcli.record.problems import LogError

LOG = """\
# a comment
forex: 1
players: [alice, bob]
removed: {GBP: 1, USD: 2, CNY: 3}
started: 2026-11-30
moves:
  - alice: resolve
"""


def test_same_data_passes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = gamelog.read_log(LOG, "game.yaml")
    assert edit._ruamel_reading(LOG) == edit._plain(log.document.data)  # the readers agree
    edit.cross_check(log, LOG, log.document.data)  # (it raises when it refuses)
    # An edit that both readers read alike is checked, then written.
    path = tmp_path / "game.yaml"
    path.write_text(LOG, encoding="utf-8")
    checked: list[str] = []
    real_check = edit.cross_check

    def spy(log: gamelog.GameLog, new_text: str, new_data: object) -> None:
        checked.append(new_text)
        real_check(log, new_text, new_data)

    monkeypatch.setattr(edit, "cross_check", spy)
    edit.set_note(str(path), 1, "checked")
    assert checked == [path.read_text(encoding="utf-8")]
    assert gamelog.load(path).entries[0].note == "checked"


def test_different_data_is_refused() -> None:
    log = gamelog.read_log(LOG, "game.yaml")
    data = dict(log.document.data, players=["alice", "carol"])
    with pytest.raises(LogError) as caught:
        edit.cross_check(log, LOG, data)
    assert [p.code for p in caught.value.problems] == ["parser_disagreement"]


def test_a_disagreement_older_than_the_edit_passes(tmp_path: Path) -> None:
    # ruamel.yaml refuses a tab after `title:`; YAML 1.2 and libyaml allow it.
    text = LOG.replace("started:", "title:\tFriday\nstarted:")
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    edit.append(str(path), "alice", "strengthen EUR")
    assert path.read_text(encoding="utf-8").startswith(text)


def test_refused_edit_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(LOG, encoding="utf-8")
    real_reading = edit._ruamel_reading
    monkeypatch.setattr(
        edit,
        "_ruamel_reading",
        lambda text: "read otherwise" if "strengthen" in text else real_reading(text),
    )
    with pytest.raises(LogError) as caught:
        edit.append(str(path), "alice", "strengthen EUR")
    assert caught.value.problems[0].code == "parser_disagreement"
    assert path.read_text(encoding="utf-8") == LOG
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]
