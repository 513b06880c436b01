"""CPU time of ``forex read`` of a big mailbox: ``--mails`` mails (4,000 by default), each
holding the same signed game's log in its text, read into a copy of that game
(``read_mail(..., dry_run=True)``), for one or more source trees, the best of ``--repeats``;
the ratio of each tree's time to the first's.

    git archive main | tar -x -C /tmp/before
    nice -n 10 python benchmarks/read_mailbox.py --tree /tmp/before --tree .
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TIMED = """
import sys, time
from forexcli.record.mail import read_mail
began = time.process_time()
read_mail(sys.argv[1], sys.argv[2], dry_run=True)
print(time.process_time() - began)
"""


def mailbox(folder: Path, mails: int) -> tuple[Path, Path]:
    """A signed game (``tests.signed``) and an mbox of ``mails`` mails holding its log."""
    from tests.signed import signed_game

    game, _keys = signed_game(folder, 2)
    mail = f"Subject: my move\nFrom: carol@example.org\n\nHere it is:\n\n{game.read_text()}"
    box = folder / "box.mbox"
    stamp = "From carol@example.org Mon Dec  7 10:00:00 2026\n"
    box.write_text("".join(f"{stamp}{mail}\n" for _ in range(mails)))
    return game, box


def cpu_time(tree: Path, box: Path, game: Path) -> float:
    """The CPU seconds ``read_mail`` of ``box`` takes in a new interpreter on ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", TIMED, str(box), str(game)],
        env=env,
        cwd=box.parent,  # not the tree this script runs from: python -c puts it first
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", type=Path, default=[])
    parser.add_argument("--mails", type=int, default=4000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    trees = [tree.resolve() for tree in args.tree] or [Path.cwd()]
    folder = Path(tempfile.mkdtemp())
    try:
        game, box = mailbox(folder, args.mails)
        print(f"{args.mails:,} mails, {box.stat().st_size:,} bytes")
        best: dict[Path, float] = {}
        for _ in range(args.repeats):
            for tree in trees:  # interleaved: a busy machine slows each alike
                seconds = cpu_time(tree, box, game)
                best[tree] = min(best.get(tree, seconds), seconds)
        first = best[trees[0]]
        for tree in trees:
            print(f"{tree}: {best[tree]:.2f} s CPU, {best[tree] / first:.2f}x the first")
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
