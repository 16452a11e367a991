"""The Adventure guide as a campaign (core.campaign): its chapters, the two starting chapters
(one for each setting) and where a finished chapter game leads."""

from __future__ import annotations

from typing import Any

from shards_tui.core.campaign import CampaignSpec, ChapterInfo, Ending
from shards_tui.games.infinities.adventure import outcome_of
from shards_tui.games.infinities.adventure_text import chapter_text
from shards_tui.games.infinities.chapter_schema import KIND_NAMES
from shards_tui.games.infinities.chapters import find, guide
from shards_tui.games.infinities.content import content

TITLE = "The Rift Between"


def _chapters() -> list[ChapterInfo]:
    settings = {s.id: s.name for s in content().rules.settings}
    return [ChapterInfo(id=ch.id, title=ch.title, kind=KIND_NAMES[ch.kind], players=ch.players,
                        start=settings[ch.setting] if ch.start else None, page=chapter_text(ch))
            for ch in guide().values()]


def _ending(controller: Any) -> Ending | None:
    state = controller.state
    outcome = outcome_of(state)
    ch = find(state.chapter) if state.chapter else None
    if outcome is None or ch is None:
        return None
    result = dict(ch.outcomes())[outcome]
    return Ending(chapter=ch.id, outcome=outcome, next=result.next, epilogue=result.epilogue)


def campaign() -> CampaignSpec:
    return CampaignSpec(title=TITLE, chapter_key="chapter", chapters=_chapters, ending=_ending)
