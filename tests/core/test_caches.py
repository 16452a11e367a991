from shards_tui.core.caches import cached


def test_a_value_is_made_once_and_the_table_is_emptied_past_its_limit():
    table: dict[int, str] = {}
    made: list[int] = []

    def make(n: int):
        return lambda: made.append(n) or f"v{n}"

    assert [cached(table, n, make(n), 2) for n in (1, 2, 1, 3)] == ["v1", "v2", "v1", "v3"]
    assert made == [1, 2, 3] and table == {1: "v1", 2: "v2", 3: "v3"}
    assert cached(table, 4, make(4), 2) == "v4"  # three held, more than 2: emptied first
    assert table == {4: "v4"}
    assert cached(table, 1, make(1), 2) == "v1" and made == [1, 2, 3, 4, 1]
