"""The Disco table's footer: the table's own keys and the app's, never those of the part that
has the keys (the hand, the action row, an orbit row, the draft).

Each of those parts says its keys on its border and in the key hints, and ``?`` lists them
all. Leaving them out of the footer keeps it as it is when the keys move between the parts
(Enter in the hand takes the card to the row): rebuilding it was most of such a key's repaint.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from shards_tui.ui.textual_compat.widgets import FooterKey, footer_ready
from shards_tui.ui.widgets.steady_footer import SteadyFooter


class DiscoFooter(SteadyFooter):
    def _table_keys(self) -> list[tuple[object, bool, str]]:
        """(binding, enabled, tooltip) of each shown key of the screen or the app, one per action."""
        seen: dict[str, tuple[object, bool, str]] = {}
        for node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show and isinstance(node, (Screen, App)):
                seen.setdefault(binding.action, (binding, enabled, tooltip))
        return list(seen.values())

    def _signature(self) -> tuple | None:
        try:
            keys = tuple((b.key, b.action, b.description, b.key_display, enabled, tooltip)
                         for b, enabled, tooltip in self._table_keys())  # type: ignore[attr-defined]
        except Exception:  # not on a screen yet
            return None
        return (footer_ready(self), self.compact, self.show_command_palette, self._is_narrow(),
                keys)

    def compose(self) -> ComposeResult:
        if not footer_ready(self):
            return
        self._shown = self._signature()
        narrow = self._is_narrow()
        keys = self._table_keys()
        rank = {action: n for n, action in enumerate(self.first)}
        keys.sort(key=lambda k: rank.get(k[0].action, len(rank)))  # type: ignore[attr-defined]
        self.styles.grid_size_columns = len(keys)
        for binding, enabled, tooltip in keys:
            action = binding.action  # type: ignore[attr-defined]
            words = self.short.get(action, binding.description) if narrow else binding.description  # type: ignore[attr-defined]
            yield FooterKey(binding.key, self.app.get_key_display(binding), words, action,  # type: ignore[attr-defined,arg-type]
                            disabled=not enabled, tooltip=tooltip).data_bind(compact=Footer.compact)
        palette = self.app.COMMAND_PALETTE_BINDING
        found = self.screen.active_bindings.get(palette) if self.show_command_palette \
            and self.app.ENABLE_COMMAND_PALETTE else None
        if found is not None:
            _node, binding, enabled, tooltip = found
            yield FooterKey(binding.key, self.app.get_key_display(binding), binding.description,
                            binding.action, classes="-command-palette", disabled=not enabled,
                            tooltip=binding.tooltip or binding.description)
