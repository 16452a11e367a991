from shards_tui.cli import main

raise SystemExit(main())
