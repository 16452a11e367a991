"""Widgets keep their styles in a .tcss file beside the module; this reads it into DEFAULT_CSS."""

from __future__ import annotations

from pathlib import Path


def tcss(module_file: str) -> str:
    """The text of the .tcss file that sits beside ``module_file`` (empty if there is none)."""
    path = Path(module_file).with_suffix(".tcss")
    return path.read_text(encoding="utf-8") if path.exists() else ""
