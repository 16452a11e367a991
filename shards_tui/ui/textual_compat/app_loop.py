"""The running app and its loop: the app and message pump whose code runs now, the app's
thread and screen stacks, input waiting in a queue, the focus given back, the style names, and
``HookedApp`` (Textual's private hooks of an app as public methods)."""

from __future__ import annotations

import threading
from typing import Any, TypeVar

from textual import events
from textual._context import active_app, active_message_pump
from textual.app import App
from textual.message_pump import MessagePump
from textual.screen import Screen

def current_app() -> App[Any] | None:
    """The app whose code is running now (a task, a callback, a handler of it), if any."""
    return active_app.get(None)


def current_pump() -> MessagePump | None:
    """The app, screen or widget whose message is being handled now, if any."""
    return active_message_pump.get(None)


def on_app_thread(app: App[Any]) -> bool:
    """Whether the caller runs on the thread ``app`` runs on."""
    return threading.get_ident() == app._thread_id


def screen_is_open(app: App[Any], screen: Screen[Any]) -> bool:
    """Whether ``screen`` is on one of the app's screen stacks (any mode's)."""
    return any(screen in stack for stack in app._screen_stacks.values())


def input_queued(pump: MessagePump) -> bool:
    """Whether a key, a click or a paste waits in ``pump``'s queue of messages (Textual's
    queue keeps them in ``values``; a queue without it reports none)."""
    waiting = getattr(pump._message_queue, "values", ())
    return any(isinstance(m, (events.Key, events.MouseDown, events.MouseUp, events.Click,
                              events.Paste)) for m in waiting)


def last_focused_on_blur(app: App[Any]) -> Any:
    """The widget Textual gives the focus back to when the terminal has it again."""
    return app._last_focused_on_app_blur


def set_last_focused_on_blur(app: App[Any], widget: Any) -> None:
    app._last_focused_on_app_blur = widget


def css_type_names(app: App[Any]) -> set[str]:
    """The type names of every widget class the app's styles may select."""
    return set(app._css_type_names)


ReturnT = TypeVar("ReturnT")


class HookedApp(App[ReturnT]):
    """Textual's private hooks of an app, as public methods an app of ours overrides."""

    def error_ignored(self, error: Exception) -> bool:
        """An error raised in a handler: True to log it and go on (default: it is fatal)."""
        return False

    def app_focus_changed(self, focus: bool) -> bool:
        """The terminal gained or lost the focus: True when dealt with (default: Textual's
        way, which restyles the whole screen)."""
        return False

    def _handle_exception(self, error: Exception) -> None:
        if self.error_ignored(error):
            return
        super()._handle_exception(error)

    def _watch_app_focus(self, focus: bool) -> None:
        if not self.app_focus_changed(focus):
            super()._watch_app_focus(focus)
