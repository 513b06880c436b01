"""``forex ARGS`` run in an interpreter of its own, for tests of what a command imports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import contextlib, io, json, sys
from forexcli.cli import main
out = io.StringIO()
status = None
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit as stop:
        status = stop.code
print(json.dumps({"status": status, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""
"""The script: it runs ``forex`` with its arguments and prints the exit status, the output and
every module imported by then, as JSON."""


def alone(args: Sequence[str], env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``forex ARGS`` in an interpreter of its own: ``status`` (its exit status), ``out`` (what
    it printed) and ``modules`` (every module imported by then)."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        env={**os.environ, **(env or {})},
    )
    found: dict[str, Any] = json.loads(done.stdout)
    return found
