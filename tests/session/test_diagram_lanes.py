"""The lanes of a channel of the lifecycle diagram, without Qt (issue 23: what the layout decides
with plain numbers moves down to session/): the lane order, the ports on the nodes' edges and a
label's place on its lane; and the channels of every real table as the layout builds them."""

from __future__ import annotations

from inspector.protocol.lifecycle import State
from inspector.session.diagram_lanes import Channel, End, Endpoint, best_lanes, lane_label_x, port_ranges, route_ends

A, B, X, Y = State.INITIALIZING, State.OPERATING, State.SHUTTING_DOWN, State.TERMINATED


def channel(ends: dict[int, list[End]], heights: dict[int, float] | None = None) -> Channel:
    """A bottom channel from y 0 (the main row's lower edge) to 100 (the bottom row's upper edge);
    A at x 0..100 and B at 200..300 on the main row, X at 0..100 and Y at 400..500 below."""
    ports = {A: (20.0, 80.0), B: (220.0, 280.0), X: (20.0, 80.0), Y: (420.0, 480.0)}
    on_main = {A: True, B: True, X: False, Y: False}
    return Channel(10.0, 90.0, False, heights or {k: 14.0 for k in ends}, ends, ports, on_main, 7.0)


def test_one_route_runs_in_the_middle_of_its_band() -> None:
    lanes = best_lanes(channel({0: [(A, 0.0, False, 1), (Y, 100.0, True, -1)]}), [0])
    assert lanes.ys == {0: 50.0}
    (src, dst) = lanes.ends[0]
    assert (src.state, src.target, dst.state, dst.target) == (A, False, Y, True)
    assert src.x == 50.0 and dst.x == 450.0  # one port: the middle of the stretch
    assert lanes.verticals == [(50.0, 0.0, 50.0), (450.0, 50.0, 100.0)]
    assert lanes.stacked == 0 and lanes.crossings == 0
    assert lanes.length == 400.0 + 50.0 + 50.0


def test_lanes_are_ordered_so_no_stub_crosses_another_lane() -> None:
    ends: dict[int, list[End]] = {
        0: [(A, 0.0, False, 1), (Y, 100.0, True, -1)],  # a long route from the left to the far right
        1: [(B, 0.0, False, -1), (A, 0.0, True, 1)],  # a short one between two main-row nodes
    }
    lanes = best_lanes(channel(ends), [0, 1])
    # the short route between main-row nodes takes the lane nearest the main row: its stubs then
    # cross no lane, and the long route's stub down to Y crosses nothing either
    assert lanes.ys[1] < lanes.ys[0]
    assert lanes.crossings == 0 and lanes.stacked == 0
    # the lanes keep the labels apart and stay in the band
    assert lanes.ys[0] - lanes.ys[1] >= 14.0
    assert all(10.0 <= y - 7.0 and y + 7.0 <= 90.0 for y in lanes.ys.values())
    # A has two ports, both routes heading right: the nearer lane takes the outer (right) one, so
    # the short route's corner stays clear of the long route's stub
    a_ports = {k: next(e.x for e in lanes.ends[k] if e.state is A) for k in (0, 1)}
    assert all(20.0 <= x <= 80.0 for x in a_ports.values())
    assert a_ports[1] > a_ports[0]
    assert len(lanes.verticals) == 4


def test_a_label_sits_on_its_lane_where_no_stub_runs() -> None:
    verticals = [(100.0, 0.0, 60.0), (200.0, 40.0, 100.0)]
    cx = lane_label_x(60.0, 14.0, 50.0, 0.0, 300.0, 100.0, verticals, 5.0, 400.0)
    assert cx is not None
    left, right = cx - 30.0, cx + 30.0
    assert 0.0 <= left and right <= 300.0  # on the lane
    assert all(not (left < x + 5.0 and x - 5.0 < right) for x, _a, _b in verticals)  # clear of both stubs
    # a stub that does not reach the label's height is no obstacle: at the preferred x on a tight
    # lane, in the middle of its stretch on a roomy one (the area keeps 2 px free at its edges)
    assert lane_label_x(40.0, 10.0, 80.0, 0.0, 60.0, 30.0, [(30.0, 0.0, 20.0)], 5.0, 400.0) == 30.0
    assert lane_label_x(40.0, 10.0, 80.0, 0.0, 300.0, 150.0, [(150.0, 0.0, 20.0)], 5.0, 400.0) == 151.0
    # a lane shorter than its label: it overhangs, still covering the lane's middle
    cx = lane_label_x(80.0, 10.0, 50.0, 100.0, 120.0, 110.0, [], 5.0, 400.0)
    assert cx is not None and cx - 40.0 <= 110.0 <= cx + 40.0
    # nowhere wide enough: None (the layout reports it as a problem)
    walls = [(x, 0.0, 100.0) for x in range(0, 401, 20)]
    assert lane_label_x(60.0, 10.0, 50.0, 0.0, 300.0, 100.0, walls, 5.0, 400.0) is None


def test_an_endpoint_starts_without_a_port() -> None:
    assert Endpoint(A, 3.0, True).x == 0.0


def test_a_routes_ends_and_where_ports_may_go() -> None:
    centre = {A: 50.0, B: 250.0, Y: 450.0}
    edges = {A: 0.0, B: 0.0, Y: 100.0}
    ends = route_ends({3: ((A, B), Y)}, centre, edges.__getitem__)  # a bus: A and B into Y
    # sources first, then the target; each says where the mean of the others lies: A's to the
    # right, B's straight across (A and Y either side), Y's to the left
    assert ends == {3: [(A, 0.0, False, 1), (B, 0.0, False, 0), (Y, 100.0, True, -1)]}
    straight = route_ends({0: ((A,), X)}, {A: 50.0, X: 50.5}, {A: 0.0, X: 100.0}.__getitem__)
    assert [d for *_rest, d in straight[0]] == [0, 0]  # within a pixel: straight across
    ranges = port_ranges({A: (0.0, 100.0), B: (200.0, 100.0), Y: (400.0, 100.0)}, {B: 30.0, Y: 70.0})
    assert ranges[A] == (20.0, 80.0)  # the middle 60 %
    assert ranges[B] == (220.0, 270.0)  # less what the arches take at the right corner
    assert ranges[Y] == (415.0, 485.0)  # too little left: the middle 70 %
