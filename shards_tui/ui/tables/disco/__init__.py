"""The Disco Infinity table's widgets."""
