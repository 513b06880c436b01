"""Lines folded to fit a mail (``entrytext.folded``): what YAML reads back is exactly what was
written, for both readers, and a line breaks wherever a single space allows it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from forexcli.record import edit, entrytext, gamelog, signing

HEADER = "forex: 1\nplayers: [alice, bob]\nseed: s\nmoves: []\n"

words = st.lists(
    st.text(alphabet="abcXYZ019:#'\"\\-é,.é!?()[]{}&*|>%@`", min_size=1, max_size=14),
    min_size=1,
    max_size=30,
)
spaces = st.sampled_from([" ", " ", " ", "  ", "\t", "\n"])


@st.composite
def notes(draw: st.DrawFn) -> str:
    parts = draw(words)
    return "".join(p + draw(spaces) for p in parts[:-1]) + parts[-1]


@settings(max_examples=300, deadline=None)
@given(note=notes())
def test_a_folded_note_reads_back_the_same_in_both_readers(note: str) -> None:
    """Any note, folded as an append writes it, reads back as that note, and ruamel.yaml reads
    the appended log as forexcli's reader does."""
    log = gamelog.read_log(HEADER, "g.yaml")
    text = entrytext.appended_text(log, "alice", "invest USD", note, "0123456789abcdef")
    data = gamelog.read_log(text, "g.yaml").document.data
    assert data["moves"][0]["note"] == note
    assert edit._ruamel_reading(text) == edit._plain(data)


@settings(max_examples=100, deadline=None)
@given(parts=st.lists(st.text(alphabet="abcdefgh", min_size=1, max_size=12), min_size=8))
def test_words_fit_the_width(parts: list[str]) -> None:
    """A note of words shorter than the width is folded into lines of at most ``LINE_WIDTH``
    and reads back as given."""
    note = " ".join(parts)
    log = gamelog.read_log(HEADER, "g.yaml")
    text = entrytext.appended_text(log, "alice", "invest USD", note)
    assert max(len(line) for line in text.splitlines()) <= entrytext.LINE_WIDTH
    assert gamelog.read_log(text, "g.yaml").entries[0].note == note


def test_a_signature_in_pieces_and_a_long_name() -> None:
    value = signing.in_pieces("A" * 86 + "==")
    assert value == "A" * 44 + " " + "A" * 42 + "=="
    name = "n" * 32
    line = entrytext.signer_line(name, value, "      ", "\n")
    assert line == f"      {name}:\n        {'A' * 44}\n        {'A' * 42}=="
    short = entrytext.signer_line("bob", value, "      ", "\n")
    assert short == f"      bob: {'A' * 44}\n        {'A' * 42}=="
