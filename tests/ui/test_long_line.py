"""A huge line in the window (issue 21): views read a bounded head of it (``text.json_head``)
instead of decoding megabytes on the event loop - the Logs panel's row, the details' JSON tree
(the whole tree when asked), the raw and hex previews. The stall itself is measured by
benchmarks/ui_long_line.py; here: that what is shown from the head is true to the line."""

from __future__ import annotations

import anyio
import orjson
import pytest
from detail_reading import raw_text, truncation_note
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_driver import quick, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.session.entry_detail import RAW_LIMIT
from inspector.session.profiles import demo_profile
from inspector.session.recording import Direction
from inspector.ui.panels.logs import Col
from inspector.ui.text import json_head

ELLIPSIS = "…"

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


def agrees(head, whole) -> bool:
    """``head`` is what a prefix of ``whole`` shows: the same containers and keys in order
    (some left out at the end), equal leaves, a cut string a prefix of its value + "…"."""
    if isinstance(whole, dict):
        if not isinstance(head, dict) or list(head) != list(whole)[: len(head)]:
            return False
        keys = list(head)
        return all(agrees(head[k], whole[k]) if k == keys[-1] else head[k] == whole[k] for k in keys)
    if isinstance(whole, list):
        if not isinstance(head, list) or len(head) > len(whole):
            return False
        # head may hold fewer items than whole (the rest left out): compare the ones it holds
        pairs = enumerate(zip(head, whole, strict=False))
        return all(agrees(h, w) if i == len(head) - 1 else h == w for i, (h, w) in pairs)
    if isinstance(whole, str) and isinstance(head, str) and head != whole:
        return head.endswith(ELLIPSIS) and whole.startswith(head[: -len(ELLIPSIS)])
    return head == whole


@settings(max_examples=150, deadline=None)
@given(
    value=st.lists(json_values, min_size=1, max_size=5)
    | st.dictionaries(st.text(max_size=6), json_values, min_size=1, max_size=5)
)
def test_the_head_of_a_line_shows_only_what_the_line_holds(value):
    raw = orjson.dumps(value) + b"\n"
    assert json_head(raw, len(raw)) == (value, True)  # short enough: decoded whole
    for cut in range(1, len(raw) + 1):
        head, whole = json_head(raw, 0, cut)
        assert not whole
        assert head is None or agrees(head, value), (raw[:cut], head)
    assert json_head(raw, 0, len(raw)) == (value, False)


def test_a_cut_inside_a_character_or_an_escape_is_not_shown_as_another_character():
    raw = '{"k":"café \\"q\\" \\u00e9 end"}\n'.encode()
    for cut in range(1, len(raw)):
        head, _ = json_head(raw, 0, cut)
        text = head.get("k") if isinstance(head, dict) else None
        assert text is None or 'café "q" é end'.startswith(text.removesuffix(ELLIPSIS)), (cut, text)
    assert json_head(b"not json, and long", 4, 8) == (None, False)


@pytest.mark.anyio
async def test_a_multi_megabyte_log_line_in_the_window(window_and_controller):
    """The demo's --oversized line: the Logs panel's row and the details come from its head, true
    to the line; the whole tree when asked."""
    controller, window = window_and_controller
    size = 3_000_000
    profile = quick(demo_profile(), "legacy")
    profile.args = [*profile.args, "--oversized", str(size)]
    use_profile(window, profile)
    controller.ready.connect(lambda: window.panels.show_panel("logs"))
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        rec = controller.recording

        def line() -> int | None:
            return next(
                (i for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C and len(rec.raw_at(i)) == size),
                None,
            )

        await until(
            lambda: (
                controller.session is not None and controller.session.state is State.OPERATING and line() is not None
            )
        )
        seq = line()
        logs = window.panels.panels["logs"]
        await until(lambda: logs.model.caught_up() and seq in logs.model.logs.rows)
        row = list(logs.model.logs.rows).index(seq)
        cell = logs.model.logs.cell(seq)
        assert cell[Col.LEVEL] == "info" and cell[Col.LOGGER] == "oversized"
        assert cell[Col.DATA].endswith(ELLIPSIS) and set(cell[Col.DATA][:-1]) == {"x"} and len(cell[Col.DATA]) < 70_000
        assert logs.model.index(row, Col.LEVEL).data() == "info"

        assert window.timeline.select_seq(seq)
        detail = window.detail
        assert truncation_note(detail) == f"showing 64.0 KiB of {size / 1024 / 1024:.1f} MiB"
        assert len(raw_text(detail)) == RAW_LIMIT and raw_text(detail) == rec.raw_at(seq)[:RAW_LIMIT].decode()
        assert detail.parse_all_button.isVisible() and detail.tree_label.text().startswith(
            "JSON from the first 64.0 KiB of"
        )
        detail.parse_all_button.click()
        assert detail.tree_label.text() == "JSON ({3 keys})" and not detail.parse_all_button.isVisible()
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
