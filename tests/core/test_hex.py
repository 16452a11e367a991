"""core.hex: axial coordinates, distances, rings, wall edges, rotation, reachability and the
layout of hexes in character cells, as properties that hold for any hex."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shards_tui.core.hex import (DIRECTIONS, Hex, bounds, cell_center, direction_index,
                                 direction_to, distance, edge_hexes, edge_key, hex_at_cell,
                                 hex_text, neighbour, neighbours, opposite, parse_hex, reachable,
                                 ring, rotate_edges, rotate_hex, walls_of, within)

SETTINGS = settings(max_examples=200, deadline=None, derandomize=True, database=None)
coord = st.integers(min_value=-30, max_value=30)
hexes = st.builds(Hex, coord, coord)
direction = st.integers(min_value=0, max_value=5)
small_hexes = st.builds(Hex, st.integers(-4, 4), st.integers(-4, 4))


@SETTINGS
@given(a=hexes, b=hexes, c=hexes)
def test_distance_is_a_metric(a, b, c):
    assert distance(a, a) == 0
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@SETTINGS
@given(h=hexes, d=direction)
def test_neighbours_are_one_step_away_and_opposites_come_back(h, d):
    n = neighbour(h, d)
    assert distance(h, n) == 1
    assert neighbour(n, opposite(d)) == h
    assert direction_to(h, n) == d and direction_to(n, h) == opposite(d)
    assert len(set(neighbours(h))) == 6 and neighbours(h)[d] == n


def test_directions_are_named_clockwise_from_north():
    assert [direction_index(w) for w in ("n", "NE", "se", "s", "sw", "nw")] == list(range(6))
    north, northeast = DIRECTIONS[0], DIRECTIONS[1]
    assert north == Hex(0, -1) and northeast == Hex(1, -1)
    # flat tops: north is straight up in cells, north-east up and to the right
    assert cell_center(north, 2) == (0, -4) and cell_center(northeast, 2) == (6, -2)
    assert direction_to(Hex(0, 0), Hex(2, 0)) is None


@SETTINGS
@given(center=hexes, radius=st.integers(min_value=0, max_value=8))
def test_a_ring_has_six_r_hexes_all_r_away(center, radius):
    hexes_on = ring(center, radius)
    assert len(hexes_on) == (6 * radius if radius else 1)
    assert len(set(hexes_on)) == len(hexes_on)
    assert all(distance(center, h) == radius for h in hexes_on)
    assert len(within(center, radius)) == 1 + 3 * radius * (radius + 1)


@SETTINGS
@given(h=hexes, d=direction)
def test_an_edge_has_one_key_from_both_sides(h, d):
    key = edge_key(h, d)
    assert key == edge_key(neighbour(h, d), opposite(d))
    assert set(edge_hexes(key)) == {h, neighbour(h, d)}
    assert len({edge_key(h, e) for e in range(6)}) == 6


@SETTINGS
@given(edges=st.frozensets(direction), steps=st.integers(-12, 12))
def test_turning_a_tile_six_times_is_no_turn(edges, steps):
    assert rotate_edges(edges, 6) == edges
    assert rotate_edges(rotate_edges(edges, steps), -steps) == edges
    assert len(rotate_edges(edges, steps)) == len(edges)
    assert rotate_edges({0}, 1) == {1} and rotate_edges({5}, 1) == {0}


@SETTINGS
@given(h=hexes, center=hexes, steps=st.integers(0, 12))
def test_turning_a_hex_keeps_its_distance_and_six_turns_come_back(h, center, steps):
    turned = rotate_hex(h, steps, center)
    assert distance(turned, center) == distance(h, center)
    assert rotate_hex(h, 6, center) == h
    assert rotate_hex(neighbour(center, 0), 1, center) == neighbour(center, 1)


@SETTINGS
@given(start=small_hexes, steps=st.integers(0, 5),
       blocked=st.frozensets(small_hexes, max_size=25),
       stoppers=st.frozensets(small_hexes, max_size=10),
       wall_list=st.lists(st.tuples(small_hexes, direction), max_size=20))
def test_reachable_stays_within_its_steps_and_crosses_no_wall(start, steps, blocked, stoppers,
                                                                wall_list):
    walls = {edge_key(h, d) for h, d in wall_list}
    open_hex = lambda h: h not in blocked and distance(h, Hex(0, 0)) <= 6  # noqa: E731
    found = reachable(start, steps, open_hex, walls, pass_through=lambda h: h not in stoppers)
    assert found[start] == 0
    for h, k in found.items():
        assert distance(start, h) <= k <= steps
        if h != start:
            assert open_hex(h)
            # it was reached from a neighbour one move nearer, across an edge with no wall,
            # and that neighbour lets a path go on
            assert any(found.get(n) == k - 1 and edge_key(h, d) not in walls
                       and (n == start or n not in stoppers)
                       for d, n in enumerate(neighbours(h)))
    # and nothing reachable was left out: each hex found at k < steps that lets paths go on
    # has every open, unwalled neighbour found too
    for h, k in found.items():
        if k < steps and (h == start or h not in stoppers):
            for d, n in enumerate(neighbours(h)):
                if open_hex(n) and edge_key(h, d) not in walls:
                    assert n in found and found[n] <= k + 1


def test_a_wall_stops_a_path_but_a_way_round_is_found():
    start = Hex(0, 0)
    walls = walls_of(start, [0])  # a wall on the north edge
    found = reachable(start, 1, lambda h: True, walls)
    assert neighbour(start, 0) not in found and len(found) == 6
    assert reachable(start, 2, lambda h: True, walls)[neighbour(start, 0)] == 2


@SETTINGS
@given(h=hexes, size=st.integers(1, 4))
def test_a_hexs_centre_cell_lies_in_that_hex(h, size):
    col, row = cell_center(h, size)
    assert hex_at_cell(col, row, size) == h
    assert hex_at_cell(col + size, row, size) == h and hex_at_cell(col, row + size - 1, size) == h
    left, top, right, bottom = bounds([h], size)
    assert left < col < right and top < row < bottom


@SETTINGS
@given(h=hexes)
def test_a_hex_reads_back_from_its_text(h):
    assert parse_hex(hex_text(h)) == h
