"""The desktop application (PySide6). The only package that imports Qt.

Qt models here are adapters over the session's recording; widgets never parse JSON-RPC.
Empty until the desktop-app issue lands.
"""
