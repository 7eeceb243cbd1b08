"""Forms generated from a JSON Schema object, and a raw JSON editor that checks the same schema.

Theory of operation
-------------------
:class:`SchemaForm` is the widgets of a :class:`~inspector.session.form_model.FormModel`, which
holds and decides everything about the value without Qt: it reads the schema's field shapes
(:mod:`inspector.protocol.schema_shape`: ``$ref``s, optional types, lists, defaults), keeps each
field's value (empty optional fields left out, so what is checked is what is sent), checks the
whole value with the protocol's validator (compiled once) and places each problem at the field
holding its instance path, a field's own problem (text that cannot be a value of its type) first.
:mod:`inspector.ui.schema_fields` builds one field per node of the model - a line edit (string,
integer, number), a check box (boolean), a combo box (one of a list), a checkable list (several
of a list), rows with add/remove (other arrays) or a group box (nested objects) - and this module
holds them, shows each problem under its field in the current language and, at the top, why the
form has no fields or that the validator cannot compile the schema (the form is then unchecked).
Constructs the form cannot edit (``allOf`` of several schemas, ``oneOf`` of objects, free-form
maps, ...) are kept as opaque JSON values, listed in :attr:`SchemaForm.unsupported` with the
reason's code, and :class:`ArgumentsEditor` switches to its raw JSON editor for them, with a note
saying why.

:class:`ArgumentsEditor` holds the form and the raw editor as two tabs (the raw one asks
:meth:`SchemaForm.check`, the form's compiled schema); with ``scrolls=False`` neither has a
scroll area of its own and the editor is exactly as tall as the tab shown (the hidden one asks
for no height), for a page that scrolls as a whole.

Server-controlled text (titles, descriptions, enum labels) is shown through plain-text
widgets and escaped tooltips only.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QPlainTextEdit,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.schema import ValueCheck
from inspector.protocol.schema_shape import Refusal, form_shape
from inspector.session import schema_words
from inspector.session.form_model import EMPTY_OBJECT, FormModel, Node
from inspector.session.value_text import pretty_json

from .form_rows import spaced
from .schema_fields import VIEWS, ArrayField, Field, NumberField, ObjectField, StringField
from .widgets import mono_font, plain_label, scroll_area, set_tone, vbox

__all__ = ["ArgumentsEditor", "ArrayField", "NumberField", "ObjectField", "SchemaForm", "StringField"]

# ====================================================================== the form


class SchemaForm(QWidget):
    """An editable form for a JSON Schema object: the widgets of a
    :class:`~inspector.session.form_model.FormModel` (:attr:`model`).

    ``value()`` is the JSON object the form holds (empty optional fields left out),
    ``set_value()`` fills it, ``errors()`` checks every field (showing each message under its
    field) and the whole value against the schema, ``changed`` fires on every edit.
    """

    changed = Signal()

    def __init__(self, schema: dict | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._root: ObjectField | None = None
        self._views: dict[Node, Field] = {}  # each node's field
        self.empty_note = plain_label(wrap=True)
        self.empty_note.hide()
        self._layout.addWidget(self.empty_note)
        self._layout.addStretch(1)  # spare height goes below the fields, never between them
        self.set_schema(schema if schema is not None else dict(EMPTY_OBJECT))

    # -------------------------------------------------------------- schema

    def schema(self) -> dict:
        return self.model.schema

    @property
    def unsupported(self) -> list[tuple[str, Refusal]]:
        """(path, why) of each field kept as JSON."""
        return self.model.unsupported

    def set_schema(self, schema: JsonValue) -> None:
        """Rebuild the form for ``schema``; every field starts at its default (or empty)."""
        if self._root is not None:
            self._layout.removeWidget(self._root.container)
            self._root.container.hide()
            self._root.container.deleteLater()
            self._root = None
        self._views = {}
        self.model = FormModel(schema)
        root = self.view_of(self.model.root)
        assert isinstance(root, ObjectField)
        self._root = root
        self._layout.insertWidget(self._layout.count() - 1, root.container)
        self._word_empty_note()

    def view_of(self, node: Node) -> Field:
        """A new field showing ``node`` (an array's new row, a member of an object)."""
        field = self._views[node] = VIEWS[type(node)](self, node)
        return field

    def forget(self, node: Node) -> None:
        """``node`` and what it holds are no longer shown (an array's row was dropped)."""
        for n in node.walk():
            self._views.pop(n, None)

    def _word_empty_note(self) -> None:
        """Why the form has no fields (hidden when it has some), in the current language."""
        shape = self._root.shape if self._root is not None else form_shape({})
        note = schema_words.empty_note(shape, self.model.compile_error, QCoreApplication.translate)
        if note is not None:
            self.empty_note.setText(note[0])
            if note[1]:
                set_tone(self.empty_note, note[1])
        self.empty_note.setVisible(note is not None)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange and self._root is not None:
            placed = self.model.placed(QCoreApplication.translate)
            for field in (self._root, *self.fields()):
                field.retranslate()
                field.reword_problem(placed)
            self._word_empty_note()
        super().changeEvent(event)

    # -------------------------------------------------------------- values

    def fields(self) -> list[Field]:
        return [self._views[n] for n in self.model.nodes()]

    def field(self, path: str) -> Field | None:
        return next((f for f in self.fields() if f.path_text == path), None)

    def value(self) -> dict:
        return self.model.value()

    def set_value(self, value: dict) -> None:
        """Show ``value``; keys the schema does not declare are kept and returned by value()."""
        assert self._root is not None
        self.model.set_value(value)
        self._root.show()
        for f in self.fields():
            f.show_error(None)
        self.changed.emit()

    def extra_keys(self) -> list[str]:
        return list(self.model.extra)

    # -------------------------------------------------------------- checks

    def check(self, value: JsonValue) -> ValueCheck:
        """``value`` against the form's schema (see FormModel.check)."""
        return self.model.check(value)

    def errors(self) -> dict[str, str]:
        """Every problem by path ("" = the whole object), each shown under its field: a field's
        own (text that is not of its type), else what the schema's validator places there."""
        messages = self.model.messages(QCoreApplication.translate)
        for f in self.fields():
            f.show_problem(messages.get(f.node))
        return self.model.errors(messages)

    def validate(self) -> bool:
        """Check everything, show each problem under its field, put the cursor in the first
        field with one; True when there is none."""
        errors = self.errors()
        first = self.model.first_problem(errors)
        if first is not None:
            self._views[first].editor.setFocus()
        return not errors


# ====================================================================== raw JSON + form


class _TabPage(QWidget):
    """A tab's page that, while hidden behind another, asks for no height: QStackedLayout's
    height-for-width is otherwise its tallest page's, even with that page's size ignored."""

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        if self.sizePolicy().verticalPolicy() == QSizePolicy.Policy.Ignored:
            return -1
        return super().heightForWidth(width)


class ArgumentsEditor(QWidget):
    """A :class:`SchemaForm` and a raw JSON editor over the same value, both checked against the schema."""

    changed = Signal()
    FORM, RAW = 0, 1

    def __init__(self, parent: QWidget | None = None, *, scrolls: bool = True) -> None:
        """``scrolls=False``: the form has no scroll area of its own and asks for its whole
        height (for a page that scrolls as a whole, like the Tools panel's)."""
        super().__init__(parent)
        self._switching = False
        self.note = plain_label(wrap=True)
        self.note.setObjectName("fallbackNote")
        self.note.hide()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        vbox(self.note, (self.tabs, 1), margins=False, parent=self).setSpacing(4)

        self.form = SchemaForm()
        self.form.changed.connect(self.changed.emit)
        inner = QWidget() if scrolls else _TabPage()
        vbox(self.form, 1, parent=inner).setContentsMargins(4, 8, 8, 4)
        self.form_page = scroll_area(inner) if scrolls else inner
        if not scrolls:
            # never squeezed below what the fields need: the page around it scrolls instead
            self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

        self.raw_edit = QPlainTextEdit()
        self.raw_edit.setFont(mono_font())
        self.raw_edit.setTabChangesFocus(True)
        self.raw_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.raw_edit.textChanged.connect(self._raw_changed)
        self.raw_status = plain_label(wrap=True)
        self.raw_status.setObjectName("rawStatus")
        self.raw_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        if not scrolls:
            self.raw_edit.setMinimumHeight(12 * self.raw_edit.fontMetrics().lineSpacing())
        raw_page = QWidget() if scrolls else _TabPage()
        spaced(vbox((self.raw_edit, 1), self.raw_status, parent=raw_page), 4, (0, 6, 0, 0))

        self.tabs.addTab(self.form_page, "")
        self.tabs.addTab(raw_page, "")
        self.tabs.currentChanged.connect(self._tab_changed)
        self._scrolls = scrolls
        if not scrolls:
            self.tabs.currentChanged.connect(self._fit_pages)
        self._retranslate()
        self.set_schema(dict(EMPTY_OBJECT))

    def _retranslate(self) -> None:
        self.tabs.setTabText(self.FORM, self.tr("Form"))
        self.tabs.setTabText(self.RAW, self.tr("Raw JSON"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self._validate_raw()  # the status line under the raw text, said again
        super().changeEvent(event)

    # -------------------------------------------------------------- API

    def schema(self) -> dict:
        return self.form.schema()

    def set_schema(self, schema: JsonValue, value: dict | None = None) -> None:
        self.form.set_schema(schema)
        if value is not None:
            self.form.set_value(value)
        unsupported = self.form.unsupported
        self._note(schema_words.unsupported_note(unsupported, QCoreApplication.translate) if unsupported else None)
        with QSignalBlocker(self.tabs):
            self.tabs.setCurrentIndex(self.RAW if unsupported else self.FORM)
        self._fit_pages()
        self._set_raw_text(pretty_json(self.form.value()))
        self.changed.emit()

    def mode(self) -> str:
        return "raw" if self.tabs.currentIndex() == self.RAW else "form"

    def set_mode(self, mode: str) -> bool:
        """Switch between "form" and "raw"; False when the raw text cannot go back to the form."""
        self.tabs.setCurrentIndex(self.RAW if mode == "raw" else self.FORM)
        return self.mode() == mode

    def value(self) -> dict:
        """The arguments now shown; in raw mode raises ValueError when the text is not a JSON object."""
        if self.mode() == "raw":
            value, problem = self._parse_raw()
            if problem is not None:
                raise ValueError(problem)
            return value
        return self.form.value()

    def set_value(self, value: dict) -> None:
        self.form.set_value(value)
        self._set_raw_text(pretty_json(value))

    def errors(self) -> dict[str, str]:
        """Problems with the arguments by path ("" = the whole object or the JSON text)."""
        if self.mode() == "raw":
            return self.form.model.raw_errors(self.raw_edit.toPlainText(), QCoreApplication.translate)
        return self.form.errors()

    # -------------------------------------------------------------- internals

    def _set_raw_text(self, text: str) -> None:
        with QSignalBlocker(self.raw_edit):
            self.raw_edit.setPlainText(text)
        self._validate_raw()

    def _parse_raw(self) -> tuple[JsonObject, str | None]:
        return self.form.model.read_raw(self.raw_edit.toPlainText(), QCoreApplication.translate)

    def _raw_changed(self) -> None:
        self._validate_raw()
        self.changed.emit()

    def _validate_raw(self) -> None:
        status = self.form.model.raw_status(self.raw_edit.toPlainText(), QCoreApplication.translate)
        self._status(status.text, status.tone)

    def _status(self, text: str, kind: str) -> None:
        self.raw_status.setText(text)
        set_tone(self.raw_status, kind)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        # QTabWidget's own hint is its tallest page's; without a scroll area the shown tab decides
        hint = super().sizeHint()
        if not self._scrolls:
            hint.setHeight(self.minimumSizeHint().height())
        return hint

    def _fit_pages(self, *_: object) -> None:
        """Without a scroll area of its own the editor is as tall as the tab shown (a short form
        is not stretched to the raw editor's height): the hidden tab's height is ignored."""
        if self._scrolls:
            return
        for i in range(self.tabs.count()):
            page = self.tabs.widget(i)
            if page is None:
                continue
            shown = i == self.tabs.currentIndex()
            page.setSizePolicy(
                QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred if shown else QSizePolicy.Policy.Ignored
            )
        self.tabs.updateGeometry()
        self.updateGeometry()  # the page around it asks for the new height

    def _tab_changed(self, index: int) -> None:
        if self._switching:
            return
        if index == self.RAW:
            self._set_raw_text(pretty_json(self.form.value()))
            return
        value, problem = self._parse_raw()
        if problem is not None:
            self._switching = True
            self.tabs.setCurrentIndex(self.RAW)
            self._switching = False
            self._status("✗ " + self.tr("fix the JSON before going back to the form: {0}").format(problem), "error")
            return
        self.form.set_value(value)
        lost = schema_words.differences_note(value, self.form.value(), QCoreApplication.translate)
        if lost is not None or not self.form.unsupported:  # the note on what cannot be a form stays
            self._note(lost)

    def _note(self, text: str | None) -> None:
        """The warning over the tabs (hidden for None)."""
        if text is not None:
            self.note.setText(text)
            set_tone(self.note, "warn")
        self.note.setVisible(text is not None)
