"""The session: the only I/O driver, and the recording every front-end observes.

Theory of operation
-------------------
:class:`~.session.Session` owns one transport and one protocol engine. Its pump task takes
each transport event in arrival order: the messages the transport framed (stdio lines, HTTP
bodies and SSE events, each with the exchange it travelled in) go through the engine and into
the :class:`~.recording.Recording` before anything reacts to it
(responses wake their waiting request, server requests go to the handlers, progress resets
timeouts); side lines (a process's stderr, ``Direction.STDERR``; the link's own notes, HTTP's,
``Direction.NOTE``, kind ``LINK_NOTE``) and process and link events (process steps, kind
``PROCESS``; HTTP exchanges, kind ``LINK``; recording format 4) are recorded the same way,
the events judged by the engine. The session knows the link only through the
``transport.base.Transport`` protocol (no concrete transport is named, no transport name is
compared): what it needs - the main channel's name, whether a message is one
line, whether the auto era's short probe applies, the exit - the transport declares. Client
messages are recorded before they are written, so the recording's order is the order of cause
and effect.
A timeout is judged on when the answer was read (the transport's time ``t``), never on when the
pump got to it: a request past its deadline first waits for the pump to take in whatever was read
by then (a flood of stderr or notifications ahead of the answer, a busy window's listeners), so
an answer read in time is never recorded as missing or late.
Lines are analysed in slices (a read at a time by the engine, ``incoming_many``; notifications
nobody reads share their analysis), and the event loop gets a turn after every few
milliseconds of that work, so a flood cannot starve a front-end sharing the loop. A read's
stderr lines are recorded as one batch where the event stream offers them together
(``side_lines_nowait``, stdio's: the whole lines of that read queued next), so a stderr flood
costs a batch per read, as a stdout flood does.

Whatever the server sends is data, never an exception that leaves the session: should the
engine, a handler or a listener fail on some input, the line is still recorded as it arrived,
with an ``inspector.internal-error`` note carrying the exception text, and the pump goes on.
Lines longer than ``max_line`` keep their head and say how many bytes were dropped
(``stdio.line-too-long``), so no server can grow the inspector's memory without bound; over
HTTP bodies and SSE events are bounded the same way (``http.message-too-long``,
``http.body-too-long``), and an exchange that cannot bring its answer - redirected (never
followed), broken off mid-body, past the limit - fails the request it carried at once with the
transport's words (``failure`` on its event), not at its timeout. On every way out of
``async with`` the transport is closed and the recording finished.

Nothing is dropped at shutdown: once the shutdown has begun, the pump takes in everything the
transport still delivers, to the exit, however long a flood lasts (it is stopped only when
nothing at all comes in for ``PUMP_STALL`` seconds). Whatever the server wrote that the
recording does not hold - the transport's account (``unread``: a writer outside the server's
process group cut off after the drain grace, events a stopped pump never took) and the read a
stopped pump held - becomes an ``output_unread`` entry per stream (bytes, whether more followed,
why) and the summary's ``unread``; ``probe`` exits 7 then.

The session is one class put together from parts, one responsibility each, on one shared state
(:mod:`.core`: ``SessionOptions``, ``SessionCore``): :mod:`.session` keeps the pump and what it
does with each message and event; :mod:`.calls` the request/answer plumbing (timeouts reset by
progress, cancellation, the modern era's input rounds and retries, the composer's messages,
answering the server's requests); :mod:`.start_sequence` the start sequence; :mod:`.shutdown`
the shutdown per spec and the unread account; :mod:`.step_mode` the step gate and its
explanations; :mod:`.outcomes` what a call comes to (``Reply``, the ``SessionError`` kinds).

The start sequence (probe, fallback, handshake) is driven from the engine's facts; its timeouts
run from when the server has read each message (stdio), and a late modern answer after a fallback
on silence sends it back to the probe (see :mod:`.start_sequence`). In step mode
every message waits at the :class:`~.session.StepGate` until ``go()``, one at a time in the order
it came to be: the client's before it is written, the server's after it was read and before the
engine takes it in (its arrival time kept, and when it was let in as ``released``); timeouts do
not run out meanwhile. One ``go()`` releases exactly one message, the one shown: it leaves the
gate at once and the next is announced; the head once announced stays the head (a server message
read earlier that reaches the gate later waits behind it), and the messages of one read enter
the gate together. Step mode can be entered (``StepGate.hold_from_now``) and left
(``release_all``) at any time during a session. Each held step
carries its method's teaching note and spec page (``protocol.teaching``), and
:meth:`Session.pending_transition` names the lifecycle edge it will take (the engine previews
it on a copy of itself). Leaving the session shuts the server down per spec and writes the
summary; after a Disconnect in step mode each shutdown step waits at the gate too
(``Transport.shutdown(before_step=...)``), nothing new is sent, and a server that exits
meanwhile takes its step with it. Listeners of the
recording get ``(start, end)`` batches; the recording file is appended and flushed as
batches arrive. The recording's header keeps everything the engine's verdicts depend on (the
client's configuration: ``reanalyse.engine_header``), so :mod:`.reanalyse` can judge a file
again with an engine built exactly like the live one.
A front-end that waits on a request learns what became of it from those batches too
(:mod:`.waiting`): an answer the session could not hand to any request (a wrong or invalid id),
the timeout, a flagged answer of its own - each with its entry.

:mod:`.profiles` holds the saved servers (secret environment values and headers kept apart) and
turns one into ``SessionOptions``; what is wrong with one is a ``Problem``: the English sentence,
with a code and values for a front-end's own words; :mod:`.imports` reads other clients' server
configurations into profiles (:mod:`.config_files`: where they are, reading one safely, JSONC)
and :mod:`.client_export` writes a profile back as a client's entry; :mod:`.documents` holds the
pydantic models of the files read and written (saved servers, secrets, the clients' formats,
the timeline's saved columns), read leniently into located, translatable problems - never wire
messages; :mod:`.secrecy` judges which values are secret, by name and by value (one judgement
for the importer, the saved servers, ``probe --header`` and the window's header editor: a
header judged secret is sent and masked wherever it is shown or recorded); :mod:`.rebuild`
works out what the feature panels showed as of any entry of a recording (replay);
:mod:`.stderr_digest` picks the stderr lines that say why a server died; :mod:`.features`
decides from a negotiation which feature panels a front-end may show, and why the others are
hidden. :mod:`.version_in_force` is the one answer to
"which protocol version is in force as of entry N" (negotiated, for the status bar; the schema
that judged the entry, for the details); :mod:`.entry_text` is the one way an entry becomes
text (its heading as untranslated data, the duration, size and id formatters, the probe's
transcript lines), used by the CLI, the handouts, the timeline and the details.
:mod:`.native` loads the layer's C part (``_native.c``) when it is built and current: the
timeline search's scan of every entry's bytes (:mod:`.views`) and the recording loader's check
of a run of lines (:mod:`.recording_load`); each keeps a pure-Python way with the same answers
(``MCP_INSPECTOR_NATIVE=0`` takes it), and the tests run both.

Front-ends reach nothing private, and hold no protocol logic of their own: each feature has a
Qt-free controller in :mod:`.controllers` (``ToolsController``, ``PromptsController``,
``ResourcesController`` with templates and subscriptions, ``TasksController``,
``LogsController``; completions are :mod:`.controllers.completions`, the parameters of
``completion/complete`` by version) that owns its listing and paging (through
:class:`~.operations.ListPager`), the refresh on list changes, its calls and the one
task-polling loop (:class:`~.operations.TaskPoll`), and keeps failures as data; the window's
panels render them and forward the user's actions to them, a replay shows its recorded lists
through them (``show_pager``/``show_listings``), and the probe refuses a call the way the
Tools panel does (``ToolsController.refusal``); the probe's other ``--request``s go out as
written, which is what it is for. Besides, front-ends read :meth:`Session.negotiation` (a frozen snapshot), set the log
level with :meth:`Session.set_log_level`, check an answer before sending it with
:meth:`Session.check_answer` (the session refuses to send one the schema rejects) and start
work that should live as long as the session with :meth:`Session.start_soon`.

The composer is a session operation: :meth:`Session.send_text` sends a message a person wrote,
as written (valid or not, in or out of order); the engine records it like the client's own
messages and judges it like the server's (``extra["hand_written"]``, rules, schema verdict), and
:meth:`Session.judge_text` gives the same judgement beforehand, changing nothing. Over HTTP, with
a ``wait``, it returns once that POST's exchange has ended (its answer recorded), bounded by it.

HTTP session expiry: a 404 on the session id (``SESSION_EXPIRED``) fails the waiting requests
and starts a new session (``_reinitialize``: initialize without the old id) at once; a request
cut off that way waits for it and is sent once more in it (``round_of`` names the first), so the
caller gets its answer. A new session that cannot be started is said in the recording
(``renew_failed``) and the cut-off requests fail with the expiry.
"""

from .handlers import ClientHandlers, HandlerError
from .recording import Direction, Entry, Recording, RecordingError
from .session import (
    ConnectionLost,
    HandWritten,
    Reply,
    RequestCancelled,
    RequestTimeout,
    Session,
    SessionError,
    SessionOptions,
    StartFailed,
    StepGate,
    TextVerdict,
)

__all__ = [
    "ClientHandlers",
    "ConnectionLost",
    "Direction",
    "Entry",
    "HandWritten",
    "HandlerError",
    "Recording",
    "RecordingError",
    "Reply",
    "RequestCancelled",
    "RequestTimeout",
    "Session",
    "SessionError",
    "SessionOptions",
    "StartFailed",
    "StepGate",
    "TextVerdict",
]
