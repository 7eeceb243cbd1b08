"""MCP Session Inspector: see every byte of a Model Context Protocol session.

Layers, each importing only the ones below it (checked by import-linter):

- ``inspector.protocol``: sans-IO core (framing, parsing, lifecycle tables, rules, schemas);
- ``inspector.transport``: anyio transports that move timestamped raw bytes;
- ``inspector.session``: the one driver that pumps transport and protocol and records it all;
- ``inspector.ui``: the Qt desktop application, the only place that imports PySide6.
"""

__version__ = "0.1.0"
