"""Small pieces of English shared by the rules' log and the screens."""

from __future__ import annotations

from typing import Iterable


def name_list(names: Iterable[str]) -> str:
    """Names in a list: 'Crystal, Blaster', or with semicolons when a name has a comma of its
    own ('Crystal; Zetta, The Encryptor'), so that each name still reads as one."""
    names = list(names)
    return ("; " if any("," in n for n in names) else ", ").join(names)
