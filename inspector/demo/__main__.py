"""``python -m inspector.demo [lesson switches]``: run the demo MCP server on stdio."""

from inspector.demo.server import main

raise SystemExit(main())
