"""`shards-tui scenario FILE [--check] [--dump]`: run a scenario headless, step by step."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from shards_tui.cli_setup import PROG, UsageError, sentence_of
from shards_tui.core import scenario as scn
from shards_tui.core.errors import GameError, ScenarioError


def run_scenario_command(args: argparse.Namespace) -> int:
    report = sys.stderr if args.dump else sys.stdout
    try:
        story = scn.load_scenario(args.file)
        if story.setup_error is not None:
            return _refused_setup(scn, story, args, report)
        controller = scn.build(story)
        failures = _run_steps(scn, story, controller, report)
    except ScenarioError as exc:
        raise UsageError(sentence_of(exc)) from None
    except GameError as exc:  # a rules bug (InvalidState), not the file's fault
        print(f"{PROG}: {args.file}: the game failed: {sentence_of(exc)}", file=sys.stderr)
        return 1
    if args.dump:
        print(json.dumps(controller.view(None).public(), indent=2, sort_keys=True, default=str))
    if failures:
        print(f"FAILED {args.file}: {failures[0]}" + (f" (and {len(failures) - 1} more)" if len(failures) > 1 else ""),
              file=sys.stderr if args.check else report)
        return 1 if args.check else 0
    print(f"ok {args.file}: every expectation passed.", file=report)
    return 0


def _refused_setup(scn: Any, story: Any, args: argparse.Namespace, report: Any) -> int:
    """A scenario showing a setup the rules refuse: it passes if the refusal says what it should."""
    print(f"# {story.title}", file=report)
    if story.description:
        print(story.description.strip(), file=report)
    if story.say:
        print(f"\n  {story.say}", file=report)
    failures = scn.refused_setup(story)
    if failures:
        print(f"FAILED {args.file}: {failures[0]}", file=sys.stderr if args.check else report)
        return 1 if args.check else 0
    print(f"ok {args.file}: the setup was refused, as expected.", file=report)
    return 0


def _run_steps(scn: Any, story: Any, controller: Any, out: Any) -> list[str]:
    """Run the steps one at a time (same rules as scenario.run), printing each as it goes."""
    print(f"# {story.title}", file=out)
    if story.description:
        print(story.description.strip(), file=out)
    failures: list[str] = []
    names = controller.seat_names()
    seen = _last_seq(controller)
    for number, step in enumerate(story.step, start=1):
        acting = step.seat if step.seat is not None else controller.who_must_act()
        problems, go_on = scn.do_step(controller, step)
        if step.say:
            print(f"\n  {step.say}", file=out)
        if step.do is not None:
            who = names[acting] if acting is not None and 0 <= acting < len(names) else None
            label = f"{who}: {step.do}" if who else step.do
            expect = f"  (expecting a refusal mentioning '{step.expect_error}')" if step.expect_error else ""
            print(f"[{number}] > {label}{expect}", file=out)
            if step.expect_error and not problems:
                print("      refused, as expected; nothing changed", file=out)
            for entry in controller.view(None).log:
                if entry.seq > seen and entry.text:
                    print(f"      {entry.text}", file=out)
            seen = _last_seq(controller)
        elif step.expect is not None:
            print(f"[{number}] check", file=out)
        step_failures = [f"step {number}: {p}" for p in problems]
        if step.expect is not None and not step_failures:
            print(f"      ok: {', '.join(scn.flatten(step.expect))}", file=out)
        for failure in step_failures:
            print(f"      FAILED {failure}", file=out)
        failures.extend(step_failures)
        if not go_on:
            remaining = len(story.step) - number
            if remaining:
                print(f"      (stopped: {remaining} later step{'s' if remaining != 1 else ''} not run)", file=out)
            break
    return failures


def _last_seq(controller: Any) -> int:
    return max((e.seq for e in controller.view(None).log), default=-1)
