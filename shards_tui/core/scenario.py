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
from shards_tui.core.view import view_data

MISSING = object()  # what lookup() returns for a path that is not in the view


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
    step: list[Step] = []


@dataclass
class ScenarioRun:
    controller: Controller
    failures: list[str] = field(default_factory=list)
    narration: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def load_scenario(path: Path) -> Scenario:
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(f"There is no scenario file at {path}.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"Could not read {path}: {exc}.") from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{Path(path).name} is not valid TOML: {exc}.") from None
    try:
        return Scenario.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ScenarioError(f"{Path(path).name}: {where}: {err['msg']}.") from None


def build(scenario: Scenario) -> Controller:
    try:
        info = game(scenario.game)
    except KeyError as exc:
        raise ScenarioError(str(exc.args[0])) from None
    try:
        return info.controller.build({"kind": "scenario", **scenario.setup})
    except ScenarioError:
        raise
    except (GameError, ValidationError, ValueError, KeyError, TypeError) as exc:
        raise ScenarioError(f"The scenario setup is not valid: {_first_line(exc)}") from None


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
        elif isinstance(node, list) and part.lstrip("-").isdigit() and -len(node) <= int(part) < len(node):
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
        view = view_data(ctl.view(None))
        for path, wanted in flatten(step.expect).items():
            got = lookup(view, path)
            if got is MISSING:
                problems.append(f"{path} is not in the public view")
            elif got != wanted:
                problems.append(f"{path} is {json.dumps(got)}, expected {json.dumps(wanted)}")
    return problems, True


def run(scenario: Scenario, controller: Controller | None = None) -> ScenarioRun:
    result = ScenarioRun(controller or build(scenario))
    for number, step in enumerate(scenario.step, start=1):
        if step.say:
            result.narration.append(step.say)
        problems, go_on = do_step(result.controller, step)
        result.failures.extend(f"step {number}: {p}" for p in problems)
        if not go_on:
            break
    return result
