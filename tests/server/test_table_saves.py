"""Table files are written by a thread of their own: in order per table, only the latest
position of a table that waits, never on the event loop, and all of them by the server's stop."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from shards_tui.server.table_writer import FileWriter
from shards_tui.server.tables import Hub

from server_support import ANA, BEN  # noqa: E402  (tests/server)


class HeldWriter:
    """A fake write that records what it wrote and holds its first write until released."""

    def __init__(self) -> None:
        self.written: list[tuple[str, str | None]] = []
        self.started = threading.Event()
        self.release = threading.Event()

    def __call__(self, path: Path, text) -> None:
        self.started.set()
        self.release.wait()
        self.written.append((path.name, None if text is None else text()))


def test_latest_position_of_each_file_in_order_per_file() -> None:
    fake = HeldWriter()
    writer = FileWriter(fake)
    a, b = Path("table-1.json"), Path("table-2.json")
    writer.put(a, lambda: "a1")
    assert fake.started.wait(10)  # the thread holds a1 in its write
    writer.put(a, lambda: "a2")  # waits behind a1 ...
    writer.put(b, lambda: "b1")
    writer.put(a, lambda: "a3")  # ... and is replaced by a3 before it is written
    writer.put(b, None)  # b is removed: the removal replaces its waiting write
    assert writer.pending() == 3
    assert fake.written == []  # the one write under way is still held
    fake.release.set()
    assert writer.flush(10)
    assert fake.written == [("table-1.json", "a1"), ("table-1.json", "a3"), ("table-2.json", None)]
    assert writer.pending() == 0


def test_a_failing_write_is_logged_and_the_others_go_on(caplog) -> None:
    done: list[str] = []

    def write(path: Path, text) -> None:
        if path.name == "bad":
            raise OSError("disk full")
        done.append(text())

    writer = FileWriter(write)
    writer.put(Path("bad"), lambda: "x")
    writer.put(Path("good"), lambda: "y")
    assert writer.flush(10)
    assert done == ["y"] and "could not be saved: disk full" in caplog.text


def test_a_save_does_not_wait_for_the_disk(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60, seeds=lambda: 7)
    fake = HeldWriter()
    hub.files.writer = FileWriter(fake)
    table = hub.create(ANA, "shards", 2, [None, None])  # saved: the write is held ...
    assert fake.started.wait(10)
    hub.join(table, BEN)  # ... and the hub goes on: the game starts, is saved again ...
    table.controller.apply("play all", table.controller.who_must_act())  # ... and a move
    assert fake.written == []
    fake.release.set()
    assert hub.flush_saves(10)
    first, last = (json.loads(text) for _, text in fake.written)
    assert len(fake.written) == 2  # the table made, then its latest position only
    assert first["save"] is None
    assert [s["name"] for s in last["seats"]] == ["ana", "ben"]
    assert [h["text"] for h in last["save"]["history"]] == ["play all"]


def test_a_move_is_on_disk_after_the_servers_stop(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60, seeds=lambda: 7)
    table = hub.create(ANA, "shards", 2, [None, None])
    hub.join(table, BEN)
    table.controller.apply("play all", table.controller.who_must_act())
    hub.save_all()  # what the server does as it stops: returns once all is written
    assert hub.files.writer.pending() == 0
    doc = json.loads((tmp_path / "tables" / f"table-{table.id}.json").read_text())
    assert [h["text"] for h in doc["save"]["history"]] == ["play all"]
    again = Hub(tmp_path)
    assert again.restore() == 1
    assert again.tables[table.id].controller.state_json() == table.controller.state_json()
    assert not list((tmp_path / "tables").glob(".*.tmp"))  # no temporary file left behind
