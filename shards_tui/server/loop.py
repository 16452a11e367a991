"""The event loop every session's app runs on, and what each app costs it.

Every callback the loop runs (a step of a task, a timer, a future's callback) runs in the
context it was scheduled from, and an app's tasks carry that app in Textual's ``active_app``.
``AccountingLoop`` adds up, per app, the seconds its callbacks took; the input pacer of each
session (``pacing.py``) reads them and holds the session's input while its app has used more
than its share of the loop, so that work one session asks for (opening the rules, a new game,
a long search) slows that session, not the others.
"""

from __future__ import annotations

import asyncio
import weakref
from time import perf_counter
from typing import Any, Callable

from shards_tui.ui.textual_compat.app_loop import current_app

_spent: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()
_all_apps = [0.0]  # seconds taken by the callbacks of every app


def loop_time(app: Any = None) -> float:
    """Seconds of the loop's time ``app``'s callbacks have taken so far, or (no app) every
    app's together; 0 on another loop."""
    return _all_apps[0] if app is None else _spent.get(app, 0.0)


def _timed(callback: Callable[..., Any], *args: Any) -> Any:
    app = current_app()
    if app is None:
        return callback(*args)
    started = perf_counter()
    try:
        return callback(*args)
    finally:
        took = perf_counter() - started
        _spent[app] = _spent.get(app, 0.0) + took
        _all_apps[0] += took


class NoEagerLoop(asyncio.SelectorEventLoop):
    """An event loop that refuses asyncio's eager task factory.

    Textual (on Python 3.12+) installs ``asyncio.eager_task_factory`` on the running loop
    when an app starts; in a server that also runs asyncssh, eager tasks stall logins. Every
    other task factory is accepted."""

    def set_task_factory(self, factory: Any) -> None:
        if factory is not None and (factory is getattr(asyncio, "eager_task_factory", None)
                                    or getattr(factory, "__name__", "") == "eager_task_factory"):
            return
        super().set_task_factory(factory)


class AccountingLoop(NoEagerLoop):
    """The server's loop: as NoEagerLoop, and it times each callback for its app.
    (``call_later`` goes through ``call_at``; a task's steps through ``call_soon``.)"""

    def call_soon(self, callback: Callable[..., Any], *args: Any,
                  context: Any = None) -> asyncio.Handle:
        return super().call_soon(_timed, callback, *args, context=context)

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any,
                context: Any = None) -> asyncio.TimerHandle:
        return super().call_at(when, _timed, callback, *args, context=context)
