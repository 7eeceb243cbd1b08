"""The built-in demo MCP server: both protocol eras, every feature, and lesson switches.

    python -m inspector.demo [lesson switches]      (--help lists them)

Theory of operation
-------------------
The demo is an MCP server over stdio built on the project's own sans-IO protocol layer:
:class:`~inspector.protocol.framing.LineSplitter` cuts stdin into lines,
:func:`~inspector.protocol.messages.parse_line` classifies each one, and the version tables
of :mod:`inspector.protocol.versions` say which methods a version has. It imports nothing
else of the inspector (no session, transport or UI, no anyio, no SDK): it is the peer the
inspector is tested against and the first server a newcomer connects to.

Threads, not an event loop. The main thread reads stdin and serves quick requests in order
(lists, reads, completion, discover, initialize). Work that waits runs on a worker thread:
``tools/call`` (progress, answers from the client) and a blocking ``tasks/result``; floods
and tasks have their own threads. Every byte goes out through one :class:`~.wire.Writer`,
which writes whole lines under a lock, so lines never interleave. Cancellation is exact
because it uses the same lock: ``notifications/cancelled`` marks the request under the
writer's lock, and everything written for a request (progress, logs, requests to the
client, the answer) checks that mark under that lock; a cancelled request gets nothing more,
not even a response. Waits inside tools wake on cancellation at once.

The first request decides the era, as in the official SDK's dual-era servers. A request
carrying the 2026-07-28 ``params._meta`` envelope (a ``protocolVersion`` key) makes the
process modern; ``initialize``, or any request without the envelope, makes it legacy.

* Legacy (2024-11-05 .. 2025-11-25): ``initialize`` is answered with the requested version
  when the demo has it, else 2025-11-25, and with the capabilities that version defines
  (``completions`` from 2025-03-26, ``tasks`` only in 2025-11-25). Lists are cut to what the
  version's schema knows (:func:`~.catalog.shape`: ``title`` from 2025-06-18, tool
  ``annotations`` from 2025-03-26, ...); a tool whose feature the version lacks is left out
  (structured output and form elicitation from 2025-06-18, URL elicitation in 2025-11-25).
  Requests to the client (``roots/list``, ``sampling/createMessage``,
  ``elicitation/create``) go out as JSON-RPC requests from the worker serving the tool,
  which waits for the answer; only when the client declared the capability, else the tool
  returns ``isError`` saying which capability is missing. Enveloped requests later on are
  refused with -32600.
* Modern (2026-07-28): every request must carry ``protocolVersion`` and
  ``clientCapabilities`` in ``_meta`` (else -32602); another version gets -32022
  ``UnsupportedProtocolVersionError`` with ``data.supported`` / ``data.requested``. Results
  carry ``resultType``, ``serverInfo`` in ``_meta`` and, where cacheable, ``ttlMs`` and
  ``cacheScope``. Input from the client comes through MRTR: the first attempt ends in an
  ``InputRequiredResult`` (``inputRequests`` + an opaque ``requestState``), the retry
  carries ``inputResponses``; a retry without the answer ends the tool with ``isError``, a
  missing capability is -32021. Log messages are sent only for a request that carried
  ``io.modelcontextprotocol/logLevel``. Change notifications go only to
  ``subscriptions/listen`` streams that asked for them, acknowledged first and tagged with
  ``subscriptionId``; a stream ends silently on ``notifications/cancelled`` and with its
  result when stdin closes. A later ``initialize`` gets -32022.

Features (:mod:`.catalog` describes them, :mod:`.features` serves them): tools for every
input type with defaults, structured output, progress with cancellation (and as a task),
image/audio/resource links, ``isError``, logging at all eight levels, list changes,
resource updates, roots, sampling, form and URL elicitation, and ``lesson_switch``;
static text and binary resources, a template with dependent completion, subscriptions;
prompts with completion; tasks (2025-11-25: ``CreateTaskResult``, ``tasks/get``, ``list``,
``result``, ``cancel``, ``notifications/tasks/status``). Images and sounds are made in code
(:mod:`.media`).

Lessons (:mod:`.lessons`) are a table, not a chain of ifs: each row names a switch, the one
sentence it teaches (the ``--help`` text), how its value is read, and hooks the server fires
at fixed points (start, initialize, ready, each answer, stdin EOF, switched on or off). The
handshake lessons make the demo answer ``server/discover`` like a legacy server (-32601) so
a dual-era client falls back and meets them. Runtime lessons can be flipped while connected
with the ``lesson_switch`` tool.

Shutdown: at stdin EOF open listen streams are ended, work in progress gets up to 0.5 s,
and the process exits 0, unless a lesson says to keep running (then only SIGTERM, or with
``--ignore-sigterm`` only SIGKILL, ends it).

Start-up is dominated by importing :mod:`inspector.protocol` (its ``__init__`` pulls the
engine and schema code; neither pydantic nor ``mcp_types`` is imported); see
``benchmarks/demo_startup.py``.
"""
