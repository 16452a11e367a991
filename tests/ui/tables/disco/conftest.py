"""Set-up for the Disco table screen's tests (the modules that ask for it by name)."""

from __future__ import annotations

import pytest

from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.disco.screen import DiscoTable


@pytest.fixture
def paced_by_hand(monkeypatch):
    """No grace before a hand-off takes keys, and the action phase's pace moves only when told."""
    monkeypatch.setattr(HandoffScreen, "KEY_GRACE", 0.0)
    monkeypatch.setattr(DiscoTable, "beat_seconds", 1000.0)
