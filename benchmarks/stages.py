"""Where `forex validate` spends its instructions, stage by stage, against the yaml_rs parse.

``python -m benchmarks.stages`` runs, under valgrind's callgrind and each in a
fresh interpreter, the reading of the first ``--files`` files of the corpus
stopped after each stage in turn: the text screen (``fastpath.unsure``), the
``yaml_rs`` parse, the ``jsonschema_rs`` check, the records (``ForexGame.check_log``:
the notation of every move), the replay (``replay_final``), and the whole of
``validation.check_file``.  Each stage's count is the difference between two
runs, so loading and start-up cancel out; the figures are instructions a file.
The parse alone (``yaml_rs.loads`` of each file, as ``benchmarks.run`` times it)
is counted the same way, beside them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import corpus
from .run import ensure_corpus, instructions, machine

STAGES = ("read", "screen", "yaml_rs", "schema", "records", "replay", "check_file")
"""The stages in order; a run at stage N does stages 0..N to each file."""

STAGE_SNIPPET = (
    "import sys\n"
    "from forexcli.games.forex import logcheck\n"
    "from forexcli.games.forex.game import FOREX as game\n"
    "from forexcli.record import fastpath, files, gamelog, validation, yamlread\n"
    "stage, names = int(sys.argv[1]), sys.argv[2:]\n"
    "loads = fastpath._parser()\n"
    "fastpath._compiled(logcheck.FAST_VALIDATOR, 'log')\n"
    "for name in names:\n"
    "    if stage >= 6:\n"
    "        validation.check_file(name)\n"
    "        continue\n"
    "    text = yamlread.decode(files.read_bytes(name), name)\n"
    "    if stage >= 1: fastpath.unsure(text)\n"
    "    if stage >= 2: data = loads(text)\n"
    "    if stage >= 3: fastpath._small_numbers(data); logcheck.FAST_VALIDATOR.surely_valid(data)\n"
    "    if stage >= 4:\n"
    "        doc = yamlread.Document(data, text, None, name)\n"
    "        entries = game.check_log(doc, name, schema_checked=True)\n"
    "        log = gamelog.GameLog(game, name, text, doc, entries)\n"
    "    if stage >= 5: gamelog.replay_final(log)\n"
)
"""Stages 0..N of reading each named file (the first compile of the validator comes before)."""

PARSE_SNIPPET = (
    "import sys, yaml_rs\n"
    "for name in sys.argv[2:] if sys.argv[1] == '1' else ():\n"
    "    with open(name, 'rb') as f:\n"
    "        yaml_rs.loads(f.read().decode('utf-8'), parse_datetime=False)\n"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.stages", description=__doc__)
    parser.add_argument("--files", type=int, default=200, help="files of the corpus to read")
    parser.add_argument("--games", type=int, default=corpus.DEFAULT_GAMES)
    parser.add_argument("--seed", type=int, default=corpus.DEFAULT_SEED)
    parser.add_argument("--corpus", type=Path, default=corpus.DEFAULT_OUT)
    args = parser.parse_args(argv)
    files, _ = ensure_corpus(args.corpus, args.games, args.seed, False)
    names = [str(path) for path in files[: args.files]]
    print(f"Machine: {machine()}")
    print(f"Instructions a file over {len(names)} files of {args.corpus} (valgrind callgrind):")
    counts = []
    for stage in range(len(STAGES)):
        count = instructions([sys.executable, "-c", STAGE_SNIPPET, str(stage), *names])
        if count is None:
            print("no valgrind here")
            return 1
        counts.append(count)
    empty, parsed = (
        instructions([sys.executable, "-c", PARSE_SNIPPET, flag, *names]) for flag in ("0", "1")
    )
    assert empty is not None and parsed is not None
    parse = (parsed - empty) / len(names)
    rows = [(STAGES[0], counts[0], "loading and start-up, then reading and decoding each file")]
    rows += [(STAGES[i], counts[i] - counts[i - 1], "") for i in range(1, len(STAGES))]
    work = (counts[-1] - counts[0]) / len(names)
    for name, count, note in rows:
        if name == "read":
            print(f"  {name:<11} {count / 1e6:>9,.0f} M in all ({note})")
            continue
        per_file = count / len(names)
        print(
            f"  {name:<11} {per_file / 1e3:>9,.0f} k  {per_file / parse:5.2f}x the parse"
            f"  {per_file / work:6.1%} of screen..check_file"
        )
    print(f"  screen..check_file {work / 1e3:,.0f} k a file: {work / parse:.2f}x the parse")
    print(f"  yaml_rs parse alone (read, decode, loads): {parse / 1e3:,.0f} k a file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
