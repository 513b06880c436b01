"""PNG pictures, for mail clients and forums (phpBB's ``[img]``) that do not show SVG.

A game's SVG pictures (``Game.picture``, ``Game.board_picture``) are rendered by resvg
(the ``resvg-py`` wheel: Rust, no system library) with the machine's fonts, DejaVu for the
generic families (``SANS``, ``SERIF``, ``MONO``).  On this project's 2-core machine the
board renders in about 0.3 s to about 28 kB.
"""

from __future__ import annotations

import os

from .problems import LogError, Problem

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

FORMATS = {".png": "png", ".svg": "svg"}
"""Picture formats by a file's extension."""

SANS, SERIF, MONO = "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"
"""The fonts resvg draws a text of a generic family (``sans-serif``, ``serif``,
``monospace``) or of none (``SANS``) with: resvg's own defaults (Times New Roman, Arial,
Courier New) are seldom installed on Linux, and a text it finds no font for is left out of
the PNG."""


def svg_to_png(svg: str, *, zoom: float = 1.0) -> bytes:
    """Render an SVG document to PNG bytes (``zoom`` 2 doubles the size in pixels).

    Raises ``LogError`` (code ``no_png``) when resvg is missing or cannot render it.
    """
    try:
        import resvg_py
    except ImportError:
        raise LogError(
            [
                Problem(
                    "no_png",
                    "PNG pictures need the resvg-py package, which is not installed",
                    "io",
                    "<png>",
                    hints=("pip install resvg-py, or write an SVG picture",),
                )
            ]
        ) from None
    try:
        data = bytes(
            resvg_py.svg_to_bytes(
                svg_string=svg,
                zoom=zoom,
                font_family=SANS,
                sans_serif_family=SANS,
                serif_family=SERIF,
                monospace_family=MONO,
            )
        )
    except (ValueError, RuntimeError) as error:
        raise LogError(
            [Problem("no_png", f"the picture could not be rendered: {error}", "io", "<png>")]
        ) from None
    if not data.startswith(PNG_SIGNATURE):
        raise LogError([Problem("no_png", "resvg gave no PNG", "io", "<png>")])
    return data


def format_of(path: str) -> str | None:
    """``png`` or ``svg`` by the file's extension (None for another or for ``-``)."""
    return FORMATS.get(os.path.splitext(path)[1].lower())
