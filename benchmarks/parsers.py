"""Compare the YAML parsers and JSON Schema validators that could serve the fast path.

Usage::

    pip install yaml-rs rapidyaml py-yaml12 oryaml pyyaml-rs fastyaml-rs libfyaml fastjsonschema
    python -m benchmarks.parsers            # the benchmark corpus, best of 5

Each candidate (skipped when it is not installed) reads every file of the
corpus in one process, interleaved with the others (A B C A B C ...), best of
N runs, CPU time; then reads the texts of ``CASES`` (scalars where YAML 1.1 and
1.2 differ, and what a game log refuses), and the figure printed is how many
it reads exactly as forexcli's full reader does (data equal, or both refuse).
The validators check the parsed corpus against the published schema.  The
figures and the choice are in ``benchmarks/PARSERS.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from benchmarks import corpus, run
from forexcli.games.forex import logcheck
from forexcli.games.forex.logcheck import FAST_VALIDATOR
from forexcli.record import fastpath, yamlread
from forexcli.record.problems import LogError

CASES = {
    "yes": "a: yes\n", "on": "a: on\n", "0777": "a: 0777\n", "1:30": "a: 1:30\n",
    ".inf": "a: .inf\n", ".iNf": "a: .iNf\n", "0o17": "a: 0o17\n", "0b101": "a: 0b101\n",
    "1_000": "a: 1_000\n", "+0x1": "a: +0x1\n", "date": "a: 2026-11-30\n", "~": "a: ~\n",
    "duplicate key": "a: 1\na: 2\n", "anchor": "a: &x 1\nb: *x\n", "tag": "a: !!str 1\n",
    "! 1": "a: ! 1\n", "integer key": "1: a\n", "null key": "~: a\n",
    "merge": "a: &x {b: 1}\nc:\n  <<: *x\n", "two documents": "a: 1\n---\nb: 2\n",
    "complex key": "? [a]\n: 1\n", "long integer": "a: " + "9" * 30 + "\n",
    "tab": "a:\tb\n", "NEL escape": 'a: "x\\Ny"\n', "deep": "a: " + "[" * 70 + "]" * 70 + "\n",
    "byte-order mark": "\ufeffa: b\n", "%YAML 1.1": "%YAML 1.1\n---\na: yes\n",
}  # fmt: skip


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _plain(value: Any) -> Any:
    """A libfyaml value as plain Python data."""
    return value.to_python() if hasattr(value, "to_python") else value


def _ryml_tree(text: str) -> Any:
    ryml: Any = import_module("ryml")
    return ryml.parse_in_arena(text.encode("utf-8"))


def _candidates() -> dict[str, tuple[str, Callable[[str], Any]]]:
    """Name: (package, read text to Python data) for every parser installed here."""
    import yaml

    found: dict[str, tuple[str, Callable[[str], Any]]] = {
        "PyYAML CSafeLoader": ("PyYAML", lambda t: yaml.load(t, Loader=yaml.CSafeLoader)),
        "PyYAML CBaseLoader": ("PyYAML", lambda t: yaml.load(t, Loader=yaml.CBaseLoader)),
        "forexcli libyaml reader": ("PyYAML", yamlread.read),
    }
    table: list[tuple[str, str, str, Callable[[Any, str], Any]]] = [
        ("yaml_rs.loads", "yaml-rs", "yaml_rs", lambda m, t: m.loads(t, parse_datetime=False)),
        ("rapidyaml tree only", "rapidyaml", "ryml", lambda m, t: _ryml_tree(t)),
        ("py-yaml12 parse_yaml", "py-yaml12", "yaml12", lambda m, t: m.parse_yaml(t)),
        ("oryaml.loads", "oryaml", "oryaml", lambda m, t: m.loads(t)),
        ("pyyaml-rs safe_load", "pyyaml-rs", "pyyaml_rs", lambda m, t: m.safe_load(t)),
        ("fastyaml-rs safe_load", "fastyaml-rs", "fast_yaml", lambda m, t: m.safe_load(t)),
        ("libfyaml.loads", "libfyaml", "libfyaml", lambda m, t: _plain(m.loads(t))),
    ]
    for name, package, module_name, reader in table:
        try:
            module = import_module(module_name)
        except ImportError:
            continue
        found[name] = (package, lambda t, m=module, r=reader: r(m, t))  # type: ignore[misc]
    return found


def _agreement(reader: Callable[[str], Any]) -> int:
    """How many ``CASES`` ``reader`` reads as the full reader does (or both refuse)."""
    agreed = 0
    for text in CASES.values():
        try:
            reference: Any = yamlread._read_full(text).data
        except LogError:
            reference = LogError
        try:
            data = reader(text)
            data = getattr(data, "data", data)
        except Exception:
            data = LogError
        agreed += (reference is LogError and data is LogError) or _same(data, reference)
    return agreed


def _best(tasks: dict[str, Callable[[], object]], runs: int) -> dict[str, float]:
    best = {name: float("inf") for name in tasks}
    for task in tasks.values():
        task()  # warm up
    for _ in range(runs):
        for name, task in tasks.items():
            started = time.process_time()
            task()
            best[name] = min(best[name], time.process_time() - started)
    return best


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=corpus.DEFAULT_OUT)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    files, _ = run.ensure_corpus(
        args.corpus.resolve(), corpus.DEFAULT_GAMES, corpus.DEFAULT_SEED, False
    )
    texts = [path.read_text(encoding="utf-8") for path in files]
    print(f"Machine: {run.machine()}")
    print(f"Corpus: {len(texts)} games; CPU time, best of {args.runs}, interleaved")
    candidates = _candidates()

    def reading(reader: Callable[[str], Any]) -> Callable[[], object]:
        return lambda: [reader(text) for text in texts]

    parsed = _best({name: reading(reader) for name, (_, reader) in candidates.items()}, args.runs)
    base = parsed["PyYAML CSafeLoader"]
    print(f"\nParsers ({len(CASES)} edge cases, read as forexcli's full reader reads them):")
    for name, seconds in parsed.items():
        package, reader = candidates[name]
        agreed = "-" if "tree" in name else f"{_agreement(reader)}/{len(CASES)}"
        print(
            f"  {name:<26} {package:<12} {_version(package):<8} {run.ms(seconds):>9}"
            f"  {seconds / base:5.2f}x CSafeLoader   agrees on {agreed}"
        )

    datas = [fastpath.accepted(text, FAST_VALIDATOR) for text in texts]
    schema = logcheck.log_schema()
    validators: dict[str, tuple[str, Callable[[Any], Any]]] = {}
    compiled = fastpath._compiled(FAST_VALIDATOR, "log")
    if compiled is not None:
        validators["jsonschema_rs is_valid"] = ("jsonschema-rs", compiled.is_valid)
    try:
        fastjsonschema: Any = import_module("fastjsonschema")
        draft7 = json.loads(json.dumps(schema))
        draft7["$schema"] = "http://json-schema.org/draft-07/schema#"
        validators["fastjsonschema (draft 7)"] = ("fastjsonschema", fastjsonschema.compile(draft7))
    except ImportError:
        pass
    slow = logcheck._validator()
    validators["jsonschema iter_errors"] = ("jsonschema", lambda d: list(slow.iter_errors(d)))
    subset = datas[:100]  # jsonschema takes seconds for the whole corpus

    def checking(check: Callable[[Any], Any]) -> Callable[[], object]:
        return lambda: [check(data) for data in subset]

    checked = _best({name: checking(check) for name, (_, check) in validators.items()}, args.runs)
    print(f"\nValidators (the published schema; the first {len(subset)} games, x10 for 1,000):")
    for name, seconds in checked.items():
        package = validators[name][0]
        print(
            f"  {name:<26} {package:<14} {_version(package):<8} {run.ms(seconds * 10):>9}"
            " for 1,000 games"
        )
    print(f"\nLoad average at the end: {run.load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
