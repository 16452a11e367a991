"""Scenario files: set a game up exactly, run commands, narrate, and check the public view.

The same files drive the rules tests, `shards-tui scenario`, and the tutorials.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from shards_tui.core.controller import Controller
from shards_tui.core.errors import CommandRejected, GameError, ScenarioError
from shards_tui.core.registry import game
from shards_tui.core.untrusted import TooDeep, cleaned

MISSING = object()  # what lookup() returns for a path that is not in the view
MAX_FILE_BYTES = 1_000_000  # a scenario or lesson file; ours are a few KiB


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")

    do: str | None = None
    seat: int | None = None
    say: str | None = None
    expect: dict[str, Any] | list[str] | str | None = None
    expect_error: str | None = None

    @model_validator(mode="after")
    def _one_thing(self) -> "Step":
        if self.expect_error is not None and self.do is None:
            raise ValueError("expect_error needs a 'do' command to reject")
        if self.do is None and self.say is None and self.expect is None:
            raise ValueError("a step needs 'do', 'say' or 'expect'")
        return self


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str
    game: str
    description: str = ""
    setup: dict[str, Any]
    # A scenario may show a setup the rules refuse: building it must fail with a sentence
    # mentioning this text (and there are no steps to run).
    setup_error: str | None = None
    # Why the setup is refused, for the reader (the narration of a refused setup).
    say: str | None = None
    step: list[Step] = []

    @model_validator(mode="after")
    def _refused_setup_has_no_steps(self) -> "Scenario":
        if self.setup_error is not None and self.step:
            raise ValueError("a scenario whose setup is refused has no steps")
        return self


@dataclass
class ScenarioRun:
    controller: Controller | None
    failures: list[str] = field(default_factory=list)
    narration: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def read_toml(path: Path, error: type[ScenarioError] = ScenarioError) -> dict[str, Any]:
    """A scenario or lesson file's data, bounded in size and nesting, every string in it
    cleaned of control characters; ``error`` (one sentence) if it cannot be read."""
    path = Path(path)
    try:
        data = path.read_bytes()[:MAX_FILE_BYTES + 1]
        if len(data) > MAX_FILE_BYTES:
            raise error(f"{path.name} is too large to be a scenario file "
                        f"(more than {MAX_FILE_BYTES // 1000} kB).")
        return cleaned(tomllib.loads(data.decode("utf-8")))
    except FileNotFoundError:
        raise error(f"There is no scenario file at {path}.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"Could not read {path}: {exc}.") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path.name} is not valid TOML: {exc}.") from None
    except (TooDeep, RecursionError):
        raise error(f"{path.name} is nested too deeply to be a scenario file.") from None


def load_scenario(path: Path) -> Scenario:
    raw = read_toml(path)
    try:
        scenario = Scenario.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ScenarioError(f"{Path(path).name}: {where}: {err['msg']}.") from None
    check_paths(scenario.step, Path(path).name)
    return scenario


def check_paths(steps: list[Step], source: str,
                error: type[ScenarioError] = ScenarioError) -> None:
    """Refuse an expectation path that no view can hold: a list position counted from the
    end ('players.-1') or an empty part ('players..health')."""
    for number, step in enumerate(steps, start=1):
        if step.expect is None:
            continue
        try:
            paths = flatten(step.expect)
        except ScenarioError as exc:
            raise error(f"{source}: step {number}: {exc}") from None
        for path in paths:
            parts = path.split(".")
            if any(not p or (p.startswith("-") and p[1:].isdigit()) for p in parts):
                raise error(f"{source}: step {number}: the path '{path}' has an empty or "
                                    "negative part; list positions count from 0.")


def build(scenario: Scenario) -> Controller:
    try:
        info = game(scenario.game)
    except KeyError as exc:
        raise ScenarioError(str(exc.args[0])) from None
    try:
        controller = info.controller.build({"kind": "scenario", **scenario.setup})
        controller.validate(controller.state)  # the position must be one the rules allow
    except ScenarioError:
        raise
    except (GameError, ValidationError, ValueError, KeyError, TypeError) as exc:
        raise ScenarioError(f"The scenario setup is not valid: {_first_line(exc)}") from None
    return controller


def _first_line(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def flatten(expect: dict[str, Any] | list[str] | str, prefix: str = "") -> dict[str, Any]:
    """Expectations as {dotted.path: value}; accepts tables, nested tables and 'a.b = 3' lines."""
    if isinstance(expect, str):
        expect = [expect]
    if isinstance(expect, list):
        out: dict[str, Any] = {}
        for line in expect:
            path, sep, value = line.partition("=")
            if not sep:
                raise ScenarioError(f"expectation '{line}' needs the form 'path = value'.")
            try:
                out[path.strip()] = json.loads(value.strip())
            except json.JSONDecodeError:
                out[path.strip()] = value.strip()
        return out
    flat: dict[str, Any] = {}
    for key, value in expect.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            flat.update(flatten(value, path + "."))
        else:
            flat[path] = value
    return flat


def lookup(view: Any, path: str) -> Any:
    node = view
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return MISSING
    return node


def do_step(ctl: Controller, step: Step) -> tuple[list[str], bool]:
    """Carry out one step's command (if any) and check its expectations.

    Returns the problems found, each one sentence, and whether the run can go on (a command
    that should have been accepted, or refused, and was not, stops it)."""
    problems: list[str] = []
    if step.do is not None:
        seat = step.seat if step.seat is not None else ctl.who_must_act()
        before = ctl.state_json()
        try:
            ctl.apply(step.do, seat)
        except CommandRejected as exc:
            if step.expect_error is None:
                return [f"'{step.do}' was rejected: {exc}"], False
            if step.expect_error.lower() not in str(exc).lower():
                problems.append(f"'{step.do}' was rejected with '{exc}', which does not mention "
                                f"'{step.expect_error}'")
            elif ctl.state_json() != before:
                problems.append(f"'{step.do}' was rejected but the state changed")
        else:
            if step.expect_error is not None:
                return [f"'{step.do}' should have been rejected with a sentence mentioning "
                        f"'{step.expect_error}', but it was accepted"], False
    if step.expect is not None:
        view = ctl.view(None).public()
        for path, wanted in flatten(step.expect).items():
            got = lookup(view, path)
            if got is MISSING:
                problems.append(f"{path} is not in the public view")
            elif got != wanted:
                problems.append(f"{path} is {json.dumps(got)}, expected {json.dumps(wanted)}")
    return problems, True


def refused_setup(scenario: Scenario) -> list[str]:
    """A scenario whose setup must be refused: the problems found (none if it was refused with
    a sentence mentioning ``setup_error``)."""
    wanted = str(scenario.setup_error)
    try:
        build(scenario)
    except ScenarioError as exc:
        if wanted.lower() in str(exc).lower():
            return []
        return [f"the setup was refused with '{exc}', which does not mention '{wanted}'"]
    return [f"the setup should have been refused with a sentence mentioning '{wanted}', but the "
            "game was built"]


def run(scenario: Scenario, controller: Controller | None = None) -> ScenarioRun:
    if scenario.setup_error is not None:
        return ScenarioRun(None, refused_setup(scenario), [scenario.say] if scenario.say else [])
    result = ScenarioRun(controller or build(scenario))
    assert result.controller is not None
    for number, step in enumerate(scenario.step, start=1):
        if step.say:
            result.narration.append(step.say)
        problems, go_on = do_step(result.controller, step)
        result.failures.extend(f"step {number}: {p}" for p in problems)
        if not go_on:
            break
    return result
