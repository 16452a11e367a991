"""Textual's internals, behind one door: the only package that uses Textual's private modules
and private names (Textual is pinned in pyproject.toml; this package is written against 8.2.8).

Everything else in the app, the server and the tests takes what it needs of them from here,
one module a part of Textual:

- ``app_loop``: the running app and message pump (``textual._context``), the app's thread,
  screen stacks, focus and style names, and ``HookedApp`` (an app's private hooks, public).
- ``keys``: bindings, the key parser and the key events' clock, the driver, and
  ``KeyFirstInput`` (an input that sees each key first).
- ``widgets``: a screen's text, border labels and scroll sizes set without a layout, a
  widget's own scrollbar and style key, the footer's keys, the select's overlay, ``AfterSize``,
  an option's prompt replaced with its row alone repainted, a paragraph's rows made without
  the link style.
- ``stylesheets``: the style sheet's parser and variables.
- ``frame_writes``: what a frame writes (a patch of ``ChopsUpdate.render_segments``, made
  when any part of this package is imported).
- ``changed_renders``: what a frame renders, each widget for the changed rows that overlap it
  (a patch of ``Compositor.render_partial_update``, made with ``frame_writes``).
- ``one_frame``: ``OneFrame`` (one frame per change), a patch of Textual's refresh loop, whole.
- ``moved_rows``: ``keep_moved_rows`` (a widget's styled rows kept by what they show, not by
  where: text that moved is not styled again), a patch of ``StylesCache.render_line``.

``PRIVATE_USES`` lists every private module and name used here; ``tests/ui/test_textual_compat.py``
checks that each is still where Textual had it (one test per use) and that no other module
reaches for one. Upgrading Textual is: this package, and that test run.
"""

from __future__ import annotations

# Every frame is written from the change, whichever part of Textual an importer came for.
from shards_tui.ui.textual_compat import changed_renders, frame_writes  # noqa: F401

# (where, name): every private module and private name of Textual this package uses. "where" is
# a module, or "module:Class" for a name of that class or of its instances.
PRIVATE_USES: list[tuple[str, str]] = [
    ("textual._compositor", "ChopsUpdate"),
    ("textual._compositor:ChopsUpdate", "render_segments"),
    ("textual._compositor", "Compositor"),
    ("textual._compositor:Compositor", "_dirty_regions"),
    ("textual._compositor:Compositor", "_regions_to_spans"),
    ("textual._compositor:Compositor", "_render_chops"),
    ("textual._compositor:Compositor", "_get_renders"),
    ("textual._context", "active_app"),
    ("textual._context", "active_message_pump"),
    ("textual._time", "get_time"),
    ("textual._xterm_parser", "XTermParser"),
    ("textual._xterm_parser:XTermParser", "_parse_extended_key"),
    ("textual._xterm_parser:XTermParser", "_timeout_time"),
    ("textual.widgets._footer", "FooterKey"),
    ("textual.widgets._select", "SelectOverlay"),
    ("textual.app:App", "_thread_id"),
    ("textual.app:App", "_screen_stacks"),
    ("textual.app:App", "_batch_count"),
    ("textual.app:App", "_handle_exception"),
    ("textual.app:App", "_watch_app_focus"),
    ("textual.app:App", "_last_focused_on_app_blur"),
    ("textual.app:App", "_css_type_names"),
    ("textual.message_pump:MessagePump", "_message_queue"),
    ("textual.message_pump:MessagePump", "_closing"),
    ("textual.message_pump:MessagePump", "_closed"),
    ("textual.message_pump:MessagePump", "_parent"),
    ("textual.dom:DOMNode", "_bindings"),
    ("textual.dom:DOMNode", "_query_one_cache"),
    ("textual.reactive", "__watchers"),
    ("textual.widget:Widget", "_border_title"),
    ("textual.widget:Widget", "_border_subtitle"),
    ("textual.widget:Widget", "_scroll_update"),
    ("textual.widget:Widget", "_size_updated"),
    ("textual.widget:Widget", "_layout_required"),
    ("textual.widget:Widget", "_repaint_required"),
    ("textual.widget:Widget", "_repaint_regions"),
    ("textual.widget:Widget", "_layout_updates"),
    ("textual.widget:Widget", "_clear_arrangement_cache"),
    ("textual.widget:Widget", "_get_virtual_dom"),
    ("textual.widget:Widget", "_vertical_scrollbar"),
    ("textual.app:App", "_start_widget"),
    ("textual.app:App", "_registry"),
    ("textual.dom:DOMNode", "_nodes"),
    ("textual._node_list:NodeList", "_updates"),
    ("textual.widget:Widget", "_horizontal_scrollbar"),
    ("textual.screen:Screen", "_update_timer"),
    ("textual.screen:Screen", "_on_timer_update"),
    ("textual.screen:Screen", "_compositor"),
    ("textual.screen:Screen", "_compositor_refresh"),
    ("textual.screen:Screen", "_layout_widgets"),
    ("textual._compositor:Compositor", "_visible_map"),
    ("textual._compositor:Compositor", "_full_map"),
    ("textual._compositor:Compositor", "_full_map_invalidated"),
    ("textual.screen:Screen", "_refresh_layout"),
    ("textual.screen:Screen", "_dirty_widgets"),
    ("textual.css.styles:RenderStyles", "_cache_key"),
    ("textual.dom:DOMNode", "_selector_names"),
    ("textual.widgets:Footer", "_bindings_ready"),
    ("textual.widgets:Input", "_on_key"),
    ("textual.widgets:Input", "_suggestion"),
    ("textual.driver:Driver", "_app"),
    ("textual.driver:Driver", "_mouse"),
    ("textual.css.stylesheet:Stylesheet", "_parse_rules"),
    ("textual.css.stylesheet:Stylesheet", "_variables"),
    ("textual.widgets._option_list:Option", "_set_prompt"),
    ("textual.widgets._option_list:OptionList", "_option_render_cache"),
    ("textual.widgets._option_list:OptionList", "_index_to_line"),
    ("textual.widgets._option_list:OptionList", "_heights"),
    ("textual.widget:Widget", "_get_style"),
    ("textual._styles_cache", "StylesCache"),
    ("textual.widget", "_RenderCache"),
    ("textual.widget:Widget", "_render_cache"),
    ("textual.widget:Widget", "_styles_cache"),
    ("textual.widget:Widget", "_dirty_regions"),
    ("textual._styles_cache:StylesCache", "_cache"),
    ("textual.strip:Strip", "_divide_cache"),
    ("textual.strip:Strip", "_crop_cache"),
    ("textual.strip:Strip", "_style_cache"),
    ("textual.strip:Strip", "_filter_cache"),
    ("textual.strip:Strip", "_line_length_cache"),
    ("textual.strip:Strip", "_crop_extend_cache"),
    ("textual.strip:Strip", "_offsets_cache"),
    ("textual.strip:Strip", "_render_cache"),
]
