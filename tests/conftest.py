"""Test settings: under CI, property tests draw the same examples on every run, and no
example fails for its time alone (a busy CI host is slower than a developer's machine)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")
