"""The specification, offline: the bundled pages (resources/spec) in a window of their own.

Theory of operation. Explanations across the window cite the spec as ``"<version> <page>#<section>"``
(protocol.lifecycle, protocol.rules, protocol.teaching, the step bar). :func:`open_spec` shows the
page that names in one shared :class:`SpecViewer` and scrolls to the section. Pages are the spec's
MDX, turned into the Markdown Qt renders by :mod:`inspector.session.spec_pages` (which also lists
the bundled pages and resolves links). Links between spec pages open in the viewer (with Back and
Forward); links elsewhere open in the system browser. The licence of the pages is one click away.
"""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import QCoreApplication, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QTextBlock, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QTextBrowser,
    QWidget,
)

from inspector.protocol.teaching import slug
from inspector.session import spec_pages as words
from inspector.session.spec_pages import History, licence_text, link_ref, read_page, ref_in_version, spec_pages
from inspector.session.spec_pages import spec_versions as spec_versions  # offered here (the window's tools menu)

from .form_rows import set_words
from .widgets import hbox, on_language_change, plain_label, push_button, vbox

_tr = QCoreApplication.translate


class SpecViewer(QDialog):
    """One page of the bundled spec at a time, scrolled to its section."""

    pageShown = Signal(str)  # the reference shown

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("specViewer")
        self.setModal(False)
        self.resize(820, 720)
        self.ref = ""
        self.history = History()  # Back and Forward
        self.version_box = QComboBox()
        self.version_box.addItems(spec_versions())
        self.version_box.activated.connect(self._version_chosen)
        self.page_box = QComboBox()
        self.page_box.setMinimumContentsLength(24)
        self.page_box.activated.connect(self._page_chosen)
        self.back = push_button("", lambda: self._go(-1))  # worded by _retranslate
        self.forward = push_button("", lambda: self._go(1))
        self.licence = push_button("", self.show_licence)
        bar = hbox(self.back, self.forward, self.version_box, (self.page_box, 1), self.licence)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._link)
        self.source = plain_label()
        self.source.setObjectName("specSource")
        vbox(bar, (self.browser, 1), self.source, parent=self)
        self._retranslate()
        on_language_change(self, self._retranslate)

    def _retranslate(self) -> None:
        self.setWindowTitle(_tr(words.CONTEXT, words.WORDS["title"]))
        set_words(self, words.CONTEXT, words.WORDS, words.CONTROLS)
        version = self.ref.partition(" ")[0] or "-"
        self.source.setText(_tr(words.CONTEXT, words.WORDS["source"]).format(version=version))
        self.back.setEnabled(self.history.can_back)
        self.forward.setEnabled(self.history.can_forward)

    # ---------------------------------------------------------------- navigation

    def open(self, ref: str) -> bool:  # type: ignore[override]
        """Show the page ``ref`` names, at its section; False when it is not bundled."""
        if not self._show(ref):
            return False
        self.history.opened(ref)
        self._retranslate()
        return True

    def _go(self, by: int) -> None:
        """Back (-1) or Forward (1)."""
        ref = self.history.step(by)
        if ref is not None and self._show(ref):
            self.history.at += by
            self._retranslate()

    def _show(self, ref: str) -> bool:
        page = read_page(ref)
        if page is None:
            return False
        self.browser.setMarkdown(page.markdown)
        self.ref = ref
        index = self.version_box.findText(page.version)
        if index >= 0:
            self.version_box.setCurrentIndex(index)
        self.page_box.clear()
        pages = spec_pages(page.version)
        for name in pages:
            self.page_box.addItem(name or "index", name)
        self.page_box.setCurrentIndex(pages.index(page.page) if page.page in pages else 0)
        self.scroll_to(page.anchor)
        self.pageShown.emit(ref)
        return True

    def _headings(self) -> Iterator[tuple[QTextBlock, float]]:
        """The page's headings, each with the top of its block in the laid-out document."""
        doc: QTextDocument = self.browser.document()
        layout = doc.documentLayout()
        block = doc.begin()
        while block.isValid():
            if block.blockFormat().headingLevel() > 0:
                yield block, layout.blockBoundingRect(block).top()
            block = block.next()

    def scroll_to(self, anchor: str) -> bool:
        """Scroll to the heading whose slug is ``anchor`` (the top for none). False: no such heading."""
        bar = self.browser.verticalScrollBar()
        if anchor:
            self.browser.document().documentLayout().documentSize()  # lay the page out now: the scroll range is known
            for block, top in self._headings():
                if slug(block.text()) == anchor:
                    self.browser.setTextCursor(QTextCursor(block))
                    bar.setValue(int(top))
                    return True
        bar.setValue(0)
        return not anchor

    def heading_at_top(self) -> str:
        """The heading nearest above the top of the view (tests, accessibility)."""
        top = self.browser.verticalScrollBar().value()
        found = ""
        for block, block_top in self._headings():
            if block_top > top + 2:
                break
            found = block.text()
        return found

    def _version_chosen(self, _index: int) -> None:
        self.open(ref_in_version(self.version_box.currentText(), self.page_box.currentData() or ""))

    def _page_chosen(self, _index: int) -> None:
        page = self.page_box.currentData()
        self.open(f"{self.version_box.currentText()} {page or 'index'}")

    def _link(self, url: QUrl) -> None:
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
            return
        ref = link_ref(self.ref, url.path(), url.fragment())
        if not self.open(ref):
            self.source.setText(_tr(words.CONTEXT, words.WORDS["not_bundled"]).format(link=url.toString()))

    def show_licence(self) -> None:
        self.browser.setPlainText(licence_text())
        self.ref = ""


def open_spec(ref: str, owner: QWidget) -> SpecViewer | None:
    """Show ``ref`` in ``owner``'s window's viewer (made on first use; one per window). None
    when the page is not bundled."""
    window = owner.window()
    viewer = window.findChild(SpecViewer)
    if viewer is None:
        viewer = SpecViewer(window)
    if not viewer.open(ref):
        return None
    viewer.show()
    viewer.scroll_to(ref.partition("#")[2].strip())  # again, at the size it is shown at
    viewer.raise_()
    viewer.activateWindow()
    return viewer
