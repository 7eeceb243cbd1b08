"""What the answer dialogs say, decided without Qt (session/answer_words.py): where a request came
from, a sampling request as a transcript, why an answer was not sent, a field's problem, what came
of opening a link, and every control's words in the tables scripts/i18n.py reads."""

from __future__ import annotations

from inspector.session.answer_words import (
    ELICITATION_CONTROLS,
    ELICITATION_WORDS,
    SAMPLING_CONTROLS,
    SAMPLING_ROWS,
    SAMPLING_TABS,
    SAMPLING_WORDS,
    URL_CONTROLS,
    all_words,
    elicitation_tips,
    field_problem_text,
    link_facts,
    open_status,
    origin_detail,
    origin_headline,
    origin_who,
    preferences_text,
    problems_text,
    sampling_also,
    sampling_transcript,
)
from inspector.session.user_answers import Origin


def marked(context: str, text: str) -> str:
    return f"«{context}:{text}»"


def test_the_origin_says_who_asks_by_which_path_and_where_the_answer_goes():
    legacy = Origin("sampling/createMessage", "legacy", "2025-06-18", "everything")
    assert origin_headline(legacy) == "everything asks: JSON-RPC request sampling/createMessage"
    assert origin_detail(legacy).startswith("2025-06-18 (legacy): the server sent a JSON-RPC request")
    modern = Origin("elicitation/create", "modern")
    assert origin_headline(modern) == "The server asks: InputRequiredResult input request elicitation/create"
    assert "inputResponses of the retried request" in origin_detail(modern)
    assert origin_detail(Origin("x")) == "Era unknown (no session attached)."
    assert origin_headline(Origin("x")) == "The server asks: server request x"
    assert origin_detail(Origin("x", "legacy"), marked).startswith("«Origin:«Origin:legacy» (legacy): ")
    # the built-in server's stored English name is translated as the server list shows it
    assert origin_who(Origin("x", server="Demo", builtin=True), marked) == "«Profiles:Demo»"
    assert origin_who(Origin("x", server="Demo"), marked) == "Demo" and origin_who(Origin("x")) is None


def test_a_sampling_request_reads_as_a_transcript_with_its_preferences_and_other_fields():
    params = {
        "systemPrompt": "Be brief.",
        "messages": [{"role": "user", "content": {"type": "text", "text": "Hi"}}],
        "modelPreferences": {"hints": [{"name": "claude"}], "speedPriority": 0.5},
        "temperature": 0.2,
        "tools": [{"name": "add"}],
    }
    assert sampling_transcript(params).splitlines() == [
        "── system prompt ──",
        "Be brief.",
        "",
        "── message 1: user ──",
        "Hi",
    ]
    assert sampling_transcript({}) == "(no messages)"
    assert preferences_text(params["modelPreferences"]) == "hints claude · speed 0.5"
    assert preferences_text(None) == "—" and preferences_text({"other": 1}) == '{"other":1}'
    assert sampling_also(params) == "temperature 0.2 · tools add"
    assert sampling_also({"messages": []}) == ""


def test_why_an_answer_was_not_sent_and_what_a_field_cannot_carry():
    assert problems_text([]) == ""
    text = problems_text([("", "bad root")] + [(f"/content/f{i}", "no") for i in range(7)])
    lines = text.splitlines()
    assert lines[0].startswith("Not sent: the negotiated protocol version's schema") and lines[1] == "/: bad root"
    assert len(lines) == 6  # five problems at most
    assert field_problem_text("number", 2.5, "not an integer").startswith(
        "Answers in this protocol version carry whole"
    )
    assert field_problem_text("number", 2, "too big") == (
        "This protocol version cannot carry this value in an answer: too big"
    )
    assert field_problem_text("string", 2.5, "x").endswith(": x")
    assert [open_status(r) for r in (None, True, False)] == [
        "The inspector opens the link only when you click Open in browser.",
        "Opened in your browser.",
        "The system could not open the link; copy it from above.",
    ]


def test_only_an_http_or_https_link_with_a_host_can_be_opened_and_why_not_is_said():
    link = link_facts("https://auth.example.com:8443/consent?state=1")
    assert (link.host, link.openable, link.problem) == ("auth.example.com", True, "")
    assert link_facts("http://localhost/x").openable
    file = link_facts("file:///etc/passwd", marked)
    assert not file.openable and file.host == "«ElicitationDialog:(no host)»"
    assert file.problem == "«ElicitationDialog:Only http and https links can be opened; this one is {scheme}.»".format(
        scheme="file"
    )
    # no scheme at all, or a scheme without a host: never opened
    bare = link_facts("example.com/path", marked)
    assert not bare.openable and "«ElicitationDialog:not a URL»" in bare.problem
    assert not link_facts("https:///nohost").openable
    assert link_facts("javascript:alert(1)").problem.endswith("this one is javascript.")


def test_the_elicitation_buttons_say_what_they_answer():
    form = elicitation_tips("form")
    assert set(form) == set(ELICITATION_CONTROLS)  # a tooltip for each of the dialog's buttons
    assert form["cancel_button"] == 'Dismiss without a choice: {"action": "cancel"}'
    assert form["decline_button"] == 'Refuse explicitly: {"action": "decline"}'
    assert form["accept_button"] == "Send the form's content"
    assert elicitation_tips("url", marked)["accept_button"] == (
        "«ElicitationDialog:Consent to the out-of-band step (no content is sent)»"
    )


def test_every_control_names_words_of_its_table_and_every_word_is_listed_for_the_catalogue():
    for table, controls in (
        (SAMPLING_WORDS, SAMPLING_CONTROLS),
        (ELICITATION_WORDS, ELICITATION_CONTROLS),
        (ELICITATION_WORDS, URL_CONTROLS),
    ):
        assert {key for pair in controls.values() for key in pair if key} <= set(table)
    assert set(SAMPLING_ROWS) | {key for pair in SAMPLING_TABS for key in pair if key} <= set(SAMPLING_WORDS)
    words = all_words()
    assert set(words) == {"Origin", "AnswerDialog", "SamplingDialog", "ElicitationDialog"}
    assert set(SAMPLING_WORDS.values()) == set(words["SamplingDialog"])
