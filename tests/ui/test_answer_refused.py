"""An answer the negotiated version's schema rejects is not sent: the sampling and elicitation
dialogs say why (a field's problem at the field, the rest above the buttons) and stay open; once
the check passes, the answer goes out exactly once."""

from __future__ import annotations

from inspector.protocol.schema import SchemaError, SchemaVerdict
from inspector.session.user_answers import Origin
from inspector.ui.client_side import ElicitationDialog, SamplingDialog


def refuse(*errors: tuple[str, str], definition: str = "Result"):
    """An answer check that rejects every answer with ``errors`` (path, message)."""
    verdict = SchemaVerdict(False, definition, tuple(SchemaError(path, message) for path, message in errors))
    return lambda _value: verdict


def test_a_refused_sampling_answer_is_not_sent_and_says_why(qtbot):
    dialog = SamplingDialog({"messages": []}, Origin("sampling/createMessage", "legacy", "2025-06-18"), 60.0)
    qtbot.addWidget(dialog)
    dialog.show()
    sent: list = []
    dialog.answered.connect(sent.append)
    dialog.text_edit.setPlainText("hello")
    dialog.set_answer_check(refuse(("/result/model", "must be non-empty")))
    assert not dialog.try_approve() and sent == [] and dialog.isVisible()
    assert dialog.problem.isVisibleTo(dialog)
    assert dialog.problem.text().splitlines() == [
        "Not sent: the negotiated protocol version's schema rejects this answer.",
        "/model: must be non-empty",  # the path under the answer
    ]
    dialog.set_answer_check(refuse(definition="CreateMessageResult"))  # no error listed: the definition
    assert not dialog.try_approve() and dialog.problem.text().splitlines()[1] == "/: CreateMessageResult"
    dialog.set_answer_check(None)
    assert dialog.try_approve() and len(sent) == 1 and sent[0]["content"]["text"] == "hello"
    dialog.try_approve()
    assert len(sent) == 1 and not dialog.isVisible()  # answered once, and the dialog is gone


def test_a_refused_elicitation_answer_shows_each_problem_at_its_field(qtbot):
    schema = {"type": "object", "properties": {"n": {"type": "number"}, "s": {"type": "string"}}}
    dialog = ElicitationDialog({"message": "m", "requestedSchema": schema}, Origin("elicitation/create"), None)
    qtbot.addWidget(dialog)
    dialog.show()
    sent: list = []
    dialog.answered.connect(sent.append)
    assert dialog.form is not None
    dialog.form.set_value({"n": 2.5, "s": "x"})
    dialog.set_answer_check(
        refuse(("/result/content/n", "not an integer"), ("/result/content/s", "too short"), ("/result/action", "odd"))
    )
    assert not dialog.try_accept() and sent == []
    n_error = dialog.form.field("n").error_label.text()
    assert n_error.startswith("Answers in this protocol version carry whole numbers only")  # a fraction
    assert dialog.form.field("s").error_label.text().endswith(": too short")
    assert dialog.problem.text().splitlines()[1:] == ["/action: odd"]  # only what no field names
    dialog.set_answer_check(None)
    assert dialog.try_accept() and sent == [{"action": "accept", "content": {"n": 2.5, "s": "x"}}]
