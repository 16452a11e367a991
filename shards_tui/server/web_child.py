"""One browser tab's app, started by ``shards-tui web`` for each tab that opens its page: the
title screen first, nothing printed after it ends (its output is the page's terminal)."""

from __future__ import annotations

from shards_tui.ui.app import ShardsApp


def main() -> int:
    ShardsApp(collect_when_idle=True, prepare_rules=True).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
