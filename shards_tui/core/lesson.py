"""Lessons: scenario files that teach by waiting for the learner's own moves.

A lesson file is a scenario file (title, game, description, ``[setup]``, ``[[step]]``) with a
few more keys, all optional:

- top level ``learner`` (default 0): the seat the learner plays.
- ``auto = true`` on a step with ``do``: the lesson makes that move itself (an opponent's
  answer, an opponent's turn). Its ``seat`` defaults, as in scenarios, to the seat that must act.
- A step with ``do`` and no ``auto`` is the learner's: the lesson waits until the learner sends
  that command, or any other command with the same effect (``recruit 2`` for
  ``recruit reactor_drone``; ``play crystal#3`` for ``play crystal``, since any copy will do
  unless ``do`` names one, as in ``play crystal#1``). Its ``say`` is the instruction (required),
  ``goal`` finishes the sentence "this step asks you to ..." after a legal but different move,
  and ``hint`` is shown after any wrong try (after two, the command itself is shown too).
  With ``expect_error`` the step asks the learner to try a move the rules refuse: the same
  refusal as ``do`` gets (whose sentence must mention that text) completes it.
- Steps without ``do`` (or with ``auto``) run as soon as they are reached; their ``say`` is
  narration.

Every ``expect`` is checked when its step has run. A failing one, or an automatic move the
rules refuse, is a bug in the lesson file and raises ``LessonError`` naming the file and step.

This module reuses ``shards_tui.core.scenario`` (its models, ``build`` and ``do_step``) and never imports Textual.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError, model_validator

from shards_tui.core.controller import Controller
from shards_tui.core.errors import CommandRejected, GameError, ScenarioError
from shards_tui.core.paths import data_dir
from shards_tui.core.scenario import Scenario, Step, build, check_paths, do_step, read_toml

# After this many wrong tries at one step, the exact command is offered too.
SPELL_OUT_AFTER = 2


class LessonError(ScenarioError):
    """A lesson file that cannot be taught: malformed, or one of its own steps fails."""


class LessonStep(Step):
    auto: bool = False
    hint: str | None = None
    goal: str | None = None

    @property
    def learner(self) -> bool:
        """Whether the lesson waits for the learner to make this move."""
        return self.do is not None and not self.auto

    @model_validator(mode="after")
    def _lesson_keys(self) -> "LessonStep":
        if self.auto and self.do is None:
            raise ValueError("'auto' needs a 'do' command for the lesson to make")
        if (self.hint or self.goal) and not self.learner:
            raise ValueError("'hint' and 'goal' belong to a step the learner performs")
        if self.learner and not (self.say and self.say.strip()):
            raise ValueError("a step the learner performs needs 'say', its instruction")
        return self


class LessonFile(Scenario):
    learner: int = 0
    step: list[LessonStep] = []

    @model_validator(mode="after")
    def _has_work(self) -> "LessonFile":
        if not any(s.learner for s in self.step):
            raise ValueError("a lesson needs at least one step the learner performs")
        return self


def load_lesson_file(path: Path) -> LessonFile:
    path = Path(path)
    raw = read_toml(path, LessonError)
    try:
        lesson = LessonFile.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise LessonError(f"{path.name}: {where}: {err['msg']}.") from None
    check_paths(lesson.step, path.name, LessonError)
    return lesson


@dataclass(frozen=True)
class LessonInfo:
    """One entry of the lessons menu."""

    path: Path
    title: str
    description: str
    game: str


def lesson_files(game_id: str) -> list[Path]:
    """The lesson files of a game, in teaching order (by file name)."""
    try:
        folder = data_dir("tutorials") / game_id
    except FileNotFoundError:
        return []
    return sorted(folder.glob("*.toml"))


def lessons(game_id: str) -> list[LessonInfo]:
    out = []
    for path in lesson_files(game_id):
        spec = load_lesson_file(path)
        out.append(LessonInfo(path, spec.title, " ".join(spec.description.split()), spec.game))
    return out


Kind = Literal["accepted", "rejected", "not_this_step"]


@dataclass
class Outcome:
    """What happened to one try.

    ``accepted``: the step is done (``message`` is the refusal sentence when the step asked for
    a refused move); ``narration`` holds what the automatic steps after it said.
    ``rejected``: the rules refused it (``message`` is their sentence, ``error`` the exception).
    ``not_this_step``: legal, but not what this step teaches; nothing changed.
    """

    kind: Kind
    message: str = ""
    hint: str | None = None
    narration: list[str] = field(default_factory=list)
    error: GameError | None = None

    @property
    def accepted(self) -> bool:
        return self.kind == "accepted"


def _copy(controller: Controller) -> Controller:
    """A throw-away controller at the same position (what ``apply`` does on its own copies)."""
    return type(controller)(controller.state.working_copy(), controller.setup,
                            list(controller.history))


def _position(controller: Controller) -> dict[str, Any]:
    """Everything that decides the game; the log is narration and may word things differently."""
    return controller.state.model_dump(mode="json", exclude={"log"})


_COPY = re.compile(r"#\d+$")


def _any_copy(node: Any) -> Any:
    """A position with copy numbers dropped ('crystal#3' -> 'crystal') and every list and table
    taken as a multiset, so that playing one Crystal or another compares equal."""
    if isinstance(node, dict):
        node = [[_COPY.sub("", str(k)), v] for k, v in node.items()]
    if isinstance(node, list):
        return sorted((_any_copy(v) for v in node), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(node, str):
        return _COPY.sub("", node)
    return node


def _told(controller: Controller, since: int) -> list[str]:
    """What the events after the first ``since`` say, copy numbers dropped."""
    return [_COPY.sub("", e.text) for e in controller.state.log[since:]]


def same_effect(a: Controller, b: Controller, *, any_copy: bool, since: int | None = None) -> bool:
    """Whether two controllers reached the same position (with ``any_copy``, up to which copy
    of a card was used).

    Taken as multisets, two positions lose the order of their lists, which may be what the
    move decided (where in a row a card went): with ``since`` (the length of the log before
    the move), the move's events must read alike as well. They name cards, not copies, and
    say where things went."""
    pa, pb = _position(a), _position(b)
    if pa == pb:
        return True
    if not any_copy or _any_copy(pa) != _any_copy(pb):
        return False
    return since is None or _told(a, since) == _told(b, since)


class Lesson:
    """One lesson in progress: its controller, the step reached, and the learner's progress."""

    def __init__(self, spec: LessonFile, path: Path | None = None,
                 controller: Controller | None = None) -> None:
        self.spec = spec
        self.path = path
        self.name = path.name if path else spec.title
        try:
            self.controller = controller or build(spec)
        except ScenarioError as exc:
            raise LessonError(f"{self.name}: {exc}") from None
        self.index = 0          # the next step to run
        self.completed = 0      # learner steps done
        self.tries = 0          # wrong tries at the current step
        self.total = sum(1 for s in spec.step if s.learner)
        self.broken: LessonError | None = None  # set once one of the lesson's own steps failed
        self.narration: list[str] = self._advance()

    @classmethod
    def load(cls, path: Path) -> "Lesson":
        return cls(load_lesson_file(path), Path(path))

    # ---- where the lesson stands --------------------------------------------------------------

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def learner(self) -> int:
        return self.spec.learner

    @property
    def done(self) -> bool:
        return self.index >= len(self.spec.step)

    @property
    def step(self) -> LessonStep | None:
        """The step waiting for the learner (None when the lesson is done)."""
        return None if self.done else self.spec.step[self.index]

    @property
    def progress(self) -> tuple[int, int]:
        return self.completed, self.total

    @property
    def current_instruction(self) -> str:
        step = self.step
        if step is None:
            return "Lesson complete."
        return (step.say or "").strip()

    @property
    def expected_command(self) -> str | None:
        step = self.step
        return step.do if step else None

    def seat_of(self, step: LessonStep) -> int:
        return step.seat if step.seat is not None else self.learner

    # ---- the learner's move -------------------------------------------------------------------

    def try_command(self, text: str) -> Outcome:
        """Try the learner's command against the current step; see ``Outcome``."""
        if self.broken is not None:
            raise self.broken
        step = self.step
        if step is None:
            return Outcome("rejected", "This lesson is complete.")
        assert step.do is not None
        ctl, seat = self.controller, self.seat_of(step)
        try:
            mine = ctl.parse(text, seat)
        except CommandRejected as err:
            return self._wrong("rejected", str(err), err)
        if step.expect_error is not None:
            return self._try_refusal(step, mine)
        wanted = self._parse_own(step, seat)
        if mine != wanted:
            trial = _copy(ctl)
            try:
                trial.apply(mine)
            except GameError as err:
                return self._wrong("rejected", str(err), err)
            reference = _copy(ctl)
            try:
                reference.apply(wanted)
            except GameError as err:
                raise self._bug(f"its own command was refused: {err}") from None
            # 'play crystal' lets any Crystal do; 'play crystal#1' asks for that copy.
            if not same_effect(trial, reference, any_copy="#" not in step.do,
                               since=len(ctl.state.log)):
                goal = step.goal or f"enter '{step.do}'"
                return self._wrong("not_this_step",
                                   f"That is a legal move, but this step asks you to {goal}.")
        try:
            ctl.apply(mine)
        except GameError as err:
            return self._wrong("rejected", str(err), err)
        return self._step_done("")

    def _try_refusal(self, step: LessonStep, mine: Any) -> Outcome:
        """A step that asks the learner to see a move refused."""
        assert step.expect_error is not None and step.do is not None
        wanted = self._parse_own(step, self.seat_of(step))
        try:
            _copy(self.controller).apply(wanted)
        except GameError as err:
            if step.expect_error.lower() not in str(err).lower():
                raise self._bug(f"'{step.do}' was refused with '{err}', which does not "
                                f"mention '{step.expect_error}'") from None
            refusal = str(err)
        else:
            raise self._bug(f"'{step.do}' should have been refused") from None
        try:
            _copy(self.controller).apply(mine)
        except GameError as err:
            if mine == wanted or str(err) == refusal:  # the same move, or one refused alike
                return self._step_done(str(err), err)
            return self._wrong("rejected", str(err), err)
        goal = step.goal or f"enter '{step.do}'"
        return self._wrong("not_this_step",
                           f"That move is allowed, but this step asks you to {goal} "
                           f"and see why the rules refuse it.")

    def _parse_own(self, step: LessonStep, seat: int) -> Any:
        assert step.do is not None
        try:
            return self.controller.parse(step.do, seat)
        except CommandRejected as err:
            raise self._bug(f"its command '{step.do}' cannot be read: {err}") from None

    def _wrong(self, kind: Kind, message: str, error: GameError | None = None) -> Outcome:
        self.tries += 1
        step = self.step
        assert step is not None
        hints = [step.hint] if step.hint else []
        if self.tries >= SPELL_OUT_AFTER:
            hints.append(f"The command is: {step.do}")
        return Outcome(kind, message, " ".join(hints) or None, error=error)

    def _step_done(self, message: str, error: GameError | None = None) -> Outcome:
        step = self.step
        assert step is not None
        self._check(step)
        self.index += 1
        self.completed += 1
        self.tries = 0
        self.narration = self._advance()
        return Outcome("accepted", message, narration=list(self.narration), error=error)

    # ---- the lesson's own steps -----------------------------------------------------------------

    def _advance(self) -> list[str]:
        """Run the steps that need no learner, up to the next one that does; returns their
        narration."""
        said: list[str] = []
        ctl = self.controller
        while not self.done:
            step = self.spec.step[self.index]
            if step.learner:
                break
            if step.say:
                said.append(step.say.strip())
            try:
                problems, _ = do_step(ctl, step)
            except ScenarioError as exc:
                raise self._bug(str(exc)) from None
            if problems:
                raise self._bug("; ".join(problems))
            self.index += 1
        return said

    def _check(self, step: LessonStep) -> None:
        """Check a learner step's expectations (its command has already been applied)."""
        if step.expect is None:
            return
        try:
            problems, _ = do_step(self.controller, step.model_copy(update={"do": None, "expect_error": None}))
        except ScenarioError as exc:
            raise self._bug(str(exc)) from None
        if problems:
            raise self._bug("; ".join(problems))

    def _bug(self, what: str) -> LessonError:
        """The lesson cannot go on: remember why (every later try reports it again)."""
        step = self.spec.step[self.index] if not self.done else None
        where = f"step {self.index + 1}" + (f" ('{step.do}')" if step and step.do else "")
        self.broken = LessonError(f"Lesson bug in {self.name}, {where}: {what.rstrip('.')}.")
        return self.broken
