"""The shared builders' word tables: set_words puts each text where its control shows one and
refuses a control that takes no text (a word that would be lost silently is a wrong table)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QGroupBox, QLabel, QLineEdit, QPushButton, QSlider, QWidget

from inspector.ui.form_rows import set_words

WORDS = {"title": "Title", "tip": "A tip", "hint": "Type here", "box": "Box"}


class _View(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.label, self.button, self.edit, self.box = QLabel(), QPushButton(), QLineEdit(), QGroupBox()
        self.slider = QSlider()


def test_set_words_puts_each_text_where_its_control_shows_it(qapp) -> None:
    view = _View()
    controls = {"label": ("title", ""), "button": ("title", "tip"), "edit": ("hint", ""), "box": ("box", "")}
    set_words(view, "Test", WORDS, controls)
    assert (view.label.text(), view.button.text(), view.button.toolTip()) == ("Title", "Title", "A tip")
    assert (view.edit.placeholderText(), view.box.title()) == ("Type here", "Box")
    set_words(view, "Test", WORDS, {"slider": ("", "tip")})  # a tooltip fits any control
    assert view.slider.toolTip() == "A tip"


def test_set_words_refuses_a_text_for_a_control_that_takes_none(qapp) -> None:
    view = _View()
    with pytest.raises(TypeError, match="slider is a QSlider"):
        set_words(view, "Test", WORDS, {"slider": ("title", "")})
