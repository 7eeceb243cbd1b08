"""The feature panels follow a live language switch, both ways, for what they drew from state:
errors and list notes of a server with every paging fault (misbehave.py --mode paged-lists),
a form's words and a refusal of the Prompts panel, the Resources panel's read status and
contents. What they said in English comes back word for word after a round trip."""

from __future__ import annotations

import re

import anyio
import pytest
from peers import misbehave
from ui_driver import quick, session_in_window, until

from inspector.session.profiles import ServerProfile, demo_profile

pytestmark = pytest.mark.anyio

CJK = re.compile(r"[\u4e00-\u9fff]")


async def _round_trip(window, read) -> tuple[dict, dict]:
    """``read()`` in English, in Chinese after a live switch, and in English again (equal)."""
    before = read()
    window.languages.set_choice("zh_CN")
    try:
        await anyio.sleep(0.05)
        zh = read()
    finally:
        window.languages.set_choice("en")
    await anyio.sleep(0.05)
    assert read() == before
    return before, zh


async def test_errors_and_list_notes_follow_a_switch(window_and_controller):
    controller, window = window_and_controller
    argv = misbehave("paged-lists")
    async with session_in_window(
        controller, window, quick(ServerProfile(name="paged", command=argv[0], args=argv[1:]))
    ):
        host = window.panels
        await until(lambda: {"tasks", "prompts", "resources"} <= set(host.shown_keys()))
        tasks, prompts, resources = host.panels["tasks"], host.panels["prompts"], host.panels["resources"]
        await until(
            lambda: (
                bool(tasks.error.text())
                and prompts.feature.pager.loaded
                and not prompts.feature.pager.loading
                and resources.feature.resources.loaded
                and not resources.feature.resources.loading
            )
        )

        def read() -> dict:
            return {
                "tasks error": tasks.error.text(),
                "prompts count": prompts.list_view.count.text(),
                "resources count": resources.resource_list.count.text(),
                "resources error": resources.errors.text(),
            }

        en, zh = await _round_trip(window, read)
        # worded as every panel words a list's error answer (the code's name from the spec)
        assert en["tasks error"] == "tasks/list failed. Error -32603 (Internal error): tasks are broken today"
        assert "1 prompt" in en["prompts count"] and "nextCursor 5" in en["prompts count"]
        assert "resources" in en["resources count"]  # the page without an array is noted
        for key, text in zh.items():
            if en[key]:
                assert CJK.search(text) and text != en[key], (key, text)
        assert (
            "failed" not in zh["tasks error"] and "tasks are broken today" in zh["tasks error"]
        )  # the server's words stay


async def test_a_prompt_form_a_refusal_and_a_read_follow_a_switch(window_and_controller):
    controller, window = window_and_controller
    async with session_in_window(controller, window, quick(demo_profile())):
        host = window.panels
        await until(lambda: {"prompts", "resources"} <= set(host.shown_keys()))
        prompts, resources = host.panels["prompts"], host.panels["resources"]
        await until(lambda: bool(prompts.list_view.entries()) and resources.resource_list.tree.topLevelItemCount() > 0)
        host.show_panel("prompts")
        assert prompts.list_view.select_where("name", "greeting")
        assert prompts.get_selected() is False  # its required argument is empty: refused, said
        host.show_panel("resources")
        resources.resource_list.tree.setCurrentItem(resources.resource_list.tree.topLevelItem(0))
        assert resources.read_selected()
        await until(lambda: bool(resources.contents.cards()))

        def read() -> dict:
            field = prompts.fields["name"]
            card = resources.contents.cards()[0]  # the cards are made again in the new language
            return {
                "refusal": prompts.errors.text(),
                "placeholder": field.placeholderText(),
                "hint": prompts.args_box.hint.text(),
                "read": resources.status.text(),
                "save": card.save_button.text(),
                "facts": card.meta.text(),
            }

        en, zh = await _round_trip(window, read)
        assert en["refusal"] == "Fill in the required argument(s) first: name." and en["placeholder"] == "required"
        assert en["read"].startswith("Read demo://") and en["save"] == "Save…"
        for key, text in zh.items():
            assert CJK.search(text) and text != en[key], (key, text)
        await until(lambda: resources.template_list.tree.topLevelItemCount() > 0)
        resources.show_template(resources.template_list.entries()[0])
        field_name = next(iter(resources.fields))
        en, zh = await _round_trip(
            window, lambda: (resources.template_box.hint.text(), resources.fields[field_name].placeholderText())
        )
        assert en[1] == f"value of {{{field_name}}}" and en[0].startswith("Suggestions come from the server")
        assert all(CJK.search(text) for text in zh)
