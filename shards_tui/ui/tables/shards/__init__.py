"""The Shards of Infinity table: its screen (``screen.ShardsTable``) and its widgets."""
