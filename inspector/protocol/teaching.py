"""Teaching notes: what each method does on the wire, for step mode and the handouts.

Each note is written for this product from the specification (no text is copied from it): a
few sentences on what the request or notification asks for or announces, a few on what its
answer carries and what the client does next, and the page of the spec that says so, as a
reference ``"<version> <page>#<section>"`` that :func:`inspector.resources.spec_file` opens.
The English text is the key; the window translates it in the ``Teaching`` context.

:data:`LESSONS` holds presenter mode's lesson notes for each lifecycle state, beside the state's
own explanation in :data:`inspector.protocol.lifecycle.STATE_INFO`: what each side may send in
it, what moves the session on, and the failures a workshop meets there, named by the ids of
:data:`inspector.protocol.rules.RULES` that the inspector flags.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .lifecycle import State


@dataclass(frozen=True, slots=True)
class MethodNote:
    sends: str  # the request or notification: what it asks for or announces (2 to 4 sentences)
    answer: str  # its answer: what comes back and what happens next ("" for a notification)
    spec: str  # the spec page, for the legacy era (or both eras)
    spec_modern: str = ""  # the 2026-07-28 page, when it is another one


NOTES: dict[str, MethodNote] = {
    # ------------------------------------------------------------------ lifecycle and discovery
    "initialize": MethodNote(
        "initialize opens a legacy session and must be the first request the client sends. It names the "
        "newest protocol version the client speaks and carries the client's capabilities and its name and "
        "version. The 2026-07-28 era has no initialize: every request carries its protocol version and client "
        "capabilities, and usually the client's identity, in _meta instead.",
        "The InitializeResult names the version the server chose, the server's capabilities and its identity, "
        "and may carry instructions for the model. If the client cannot use that version it disconnects; "
        "otherwise it sends notifications/initialized next.",
        "2025-11-25 basic/lifecycle#initialization",
    ),
    "notifications/initialized": MethodNote(
        "notifications/initialized is the client's signal that it accepted the InitializeResult and that normal "
        "work may begin. Until it arrives the server should send nothing but pings and log messages. It exists "
        "only in the legacy era, since 2026-07-28 has no handshake to finish.",
        "",
        "2025-11-25 basic/lifecycle#initialization",
    ),
    "ping": MethodNote(
        "ping asks the other side to show that the connection is still alive and takes no parameters. Either the "
        "client or the server may send it at any time in a legacy session, even while initialization is still "
        "under way. The 2026-07-28 era dropped ping altogether.",
        "The receiver must reply promptly with an empty result. A sender that gets no reply in time may treat "
        "the connection as stale, close it or reconnect.",
        "2025-11-25 basic/utilities/ping#overview",
    ),
    "server/discover": MethodNote(
        "server/discover asks a 2026-07-28 server which protocol versions it supports, what it can do and who it "
        "is; every modern server must implement it. Its params hold nothing but the usual _meta with protocol "
        "version, client capabilities and client info. A client may call it before anything else, and a client "
        "that speaks both eras should send it first on stdio as a probe before falling back to initialize.",
        "The DiscoverResult lists supportedVersions and capabilities, may add instructions, names the server in "
        "_meta and may be cached for ttlMs within its cacheScope. The client picks one of the listed versions "
        "for its later requests.",
        "2026-07-28 server/discover#request",
    ),
    # ------------------------------------------------------------------ subscriptions (2026-07-28)
    "subscriptions/listen": MethodNote(
        "subscriptions/listen opens a long-lived stream on which a 2026-07-28 server delivers change "
        "notifications, replacing resources/subscribe and the HTTP GET stream of the legacy era. Its "
        "notifications filter names the kinds the client wants: toolsListChanged, promptsListChanged, "
        "resourcesListChanged and resourceSubscriptions with a list of URIs. The server must not send any kind "
        "the client did not ask for.",
        "The server first sends notifications/subscriptions/acknowledged and then every matching notification, "
        "each tagged in _meta with the request id as io.modelcontextprotocol/subscriptionId. A result only "
        "arrives when the server ends the stream gracefully; the client ends it by closing the stream on HTTP "
        "or with notifications/cancelled on stdio.",
        "2026-07-28 basic/patterns/subscriptions#opening-a-stream",
    ),
    "notifications/subscriptions/acknowledged": MethodNote(
        "notifications/subscriptions/acknowledged is the first message a 2026-07-28 server sends for a new "
        "subscriptions/listen stream, and no other notification of that subscription may come before it. Its "
        "notifications field repeats the part of the requested filter the server will honour, leaving out kinds "
        "it does not support. Its _meta carries the subscription id, which equals the JSON-RPC id of the "
        "subscriptions/listen request. The client should compare the acknowledged filter with what it asked for.",
        "",
        "2026-07-28 basic/patterns/subscriptions#acknowledgment",
    ),
    # ------------------------------------------------------------------ tools
    "tools/list": MethodNote(
        "tools/list asks the server for the tools it offers, one page at a time through an optional cursor. The "
        "client sends it once the server has declared the tools capability, after the handshake in the legacy "
        "era or at any time in 2026-07-28.",
        "The result lists each tool with its name, description and inputSchema, optionally with title, icons, "
        "annotations and outputSchema, plus nextCursor when more pages follow. In 2026-07-28 the list must not "
        "depend on the connection and carries ttlMs and cacheScope so that the client may cache it.",
        "2025-11-25 server/tools#listing-tools",
    ),
    "tools/call": MethodNote(
        "tools/call asks the server to run one tool, given its name and arguments that should match the tool's "
        "inputSchema. The client may only call tools the server offers, and in the legacy era only after "
        "initialization. In 2025-11-25 the client may add a task field to run the call as a task when the server "
        "and the tool allow it.",
        "The result carries content blocks, optionally structuredContent, and isError true when the tool itself "
        "failed, while an unknown tool or a malformed request yields a JSON-RPC error instead. A task-augmented "
        "call first returns a CreateTaskResult; in 2026-07-28 the server may instead answer with an "
        "InputRequiredResult, and the client retries tools/call with a new id, inputResponses and the echoed "
        "requestState.",
        "2025-11-25 server/tools#calling-tools",
        "2026-07-28 server/tools#input-required-tool-results",
    ),
    "notifications/tools/list_changed": MethodNote(
        "notifications/tools/list_changed tells the client that the set of tools has changed, without saying "
        "how. Only a server that declared tools.listChanged sends it, and the client then calls tools/list "
        "again. In 2026-07-28 it arrives only on a subscriptions/listen stream whose filter set toolsListChanged.",
        "",
        "2025-11-25 server/tools#list-changed-notification",
        "2026-07-28 basic/patterns/subscriptions#notification-filter",
    ),
    # ------------------------------------------------------------------ resources
    "resources/list": MethodNote(
        "resources/list asks the server which resources it exposes, one page at a time through an optional "
        "cursor. It needs the resources capability and, in the legacy era, a finished handshake.",
        "The result lists resources with uri, name and optional title, description, mimeType and icons, plus "
        "nextCursor when more pages follow. The client then reads any of them with resources/read; in 2026-07-28 "
        "the result also carries ttlMs and cacheScope for caching.",
        "2025-11-25 server/resources#listing-resources",
    ),
    "resources/read": MethodNote(
        "resources/read asks the server for the contents of one resource, named by its uri. The uri may come "
        "from resources/list, from a filled-in resource template or from a resource link in a tool result.",
        "The result holds a contents array whose entries carry either text or base64 blob data, and one read "
        "may return several entries. A missing resource is reported as error -32002 in the legacy era and -32602 "
        "in 2026-07-28, where the server may also reply with an InputRequiredResult that the client answers by "
        "retrying.",
        "2025-11-25 server/resources#reading-resources",
    ),
    "resources/templates/list": MethodNote(
        "resources/templates/list asks the server for its resource templates, which are parameterized URIs in "
        "RFC 6570 form. It pages like the other list requests and needs the resources capability.",
        "Each entry has a uriTemplate, a name and optional title, description, mimeType and icons. The client "
        "fills in the variables, perhaps helped by completion/complete, and reads the resulting URI with "
        "resources/read.",
        "2025-11-25 server/resources#resource-templates",
    ),
    "resources/subscribe": MethodNote(
        "resources/subscribe asks the server to report changes to one resource, named by its uri. The client "
        "may only send it when the server declared resources.subscribe, and it exists only in the legacy era; "
        "2026-07-28 uses subscriptions/listen with resourceSubscriptions instead.",
        "The answer is an empty result. From then on the server sends notifications/resources/updated whenever "
        "that resource changes, until the client sends resources/unsubscribe.",
        "2025-11-25 server/resources#subscriptions",
    ),
    "resources/unsubscribe": MethodNote(
        "resources/unsubscribe withdraws an earlier resources/subscribe for the same uri. It belongs to the "
        "legacy era only, where it needs the resources.subscribe capability; in 2026-07-28 the client ends its "
        "subscriptions/listen stream instead.",
        "The answer is an empty result, after which the server stops sending notifications/resources/updated "
        "for that resource.",
        "2025-11-25 server/resources#subscriptions",
    ),
    "notifications/resources/list_changed": MethodNote(
        "notifications/resources/list_changed tells the client that the set of available resources has changed. "
        "Only a server that declared resources.listChanged sends it, and the client then calls resources/list "
        "again. In 2026-07-28 it arrives only on a subscriptions/listen stream whose filter set "
        "resourcesListChanged.",
        "",
        "2025-11-25 server/resources#list-changed-notification",
        "2026-07-28 basic/patterns/subscriptions#notification-filter",
    ),
    "notifications/resources/updated": MethodNote(
        "notifications/resources/updated tells the client that the contents of one resource it watches have "
        "changed, giving its uri. In the legacy era the server sends it after a resources/subscribe for that "
        "uri; in 2026-07-28 it arrives on a subscriptions/listen stream that listed the uri in "
        "resourceSubscriptions. The client usually fetches the new contents with resources/read.",
        "",
        "2025-11-25 server/resources#subscriptions",
        "2026-07-28 basic/patterns/subscriptions#receiving-notifications",
    ),
    # ------------------------------------------------------------------ prompts
    "prompts/list": MethodNote(
        "prompts/list asks the server for the prompt templates it offers, paged through an optional cursor. It "
        "needs the prompts capability and, in the legacy era, a finished handshake.",
        "Each prompt has a name, optional title, description and icons, and the arguments it accepts with a "
        "required flag for each. In 2026-07-28 the list must not vary per connection and carries ttlMs and "
        "cacheScope.",
        "2025-11-25 server/prompts#listing-prompts",
    ),
    "prompts/get": MethodNote(
        "prompts/get asks the server to fill in one prompt template, given its name and a map of string "
        "arguments. The user usually picks the prompt, and the client may help with the arguments through "
        "completion/complete.",
        "The result holds an optional description and a list of messages, each with the role user or assistant "
        "and one content block, ready to hand to the model. An unknown name or a missing required argument "
        "yields error -32602; in 2026-07-28 the server may instead return an InputRequiredResult, and the client "
        "retries with inputResponses.",
        "2025-11-25 server/prompts#getting-a-prompt",
    ),
    "notifications/prompts/list_changed": MethodNote(
        "notifications/prompts/list_changed tells the client that the set of prompts has changed. Only a server "
        "that declared prompts.listChanged sends it, and the client then calls prompts/list again. In "
        "2026-07-28 it arrives only on a subscriptions/listen stream whose filter set promptsListChanged.",
        "",
        "2025-11-25 server/prompts#list-changed-notification",
        "2026-07-28 basic/patterns/subscriptions#notification-filter",
    ),
    # ------------------------------------------------------------------ logging and completion
    "logging/setLevel": MethodNote(
        "logging/setLevel tells the server the lowest severity of log message the client wants, one of the eight "
        "syslog levels from debug to emergency. The client may send it when the server declared the logging "
        "capability. It exists only in the legacy era; in 2026-07-28 the client puts "
        "io.modelcontextprotocol/logLevel into the _meta of each request instead.",
        "The answer is an empty result, and from then on the server sends notifications/message only at that "
        "level or above.",
        "2025-11-25 server/utilities/logging#setting-log-level",
    ),
    "notifications/message": MethodNote(
        "notifications/message carries one log entry from the server: a severity level, an optional logger name "
        "and any JSON data. Only servers that declared the logging capability send it, and it must not contain "
        "secrets or personal data. In 2026-07-28 logging is deprecated, and the server sends it only on the "
        "response stream of a request whose _meta set io.modelcontextprotocol/logLevel, never on a "
        "subscriptions/listen stream.",
        "",
        "2025-11-25 server/utilities/logging#log-message-notifications",
        "2026-07-28 server/utilities/logging#per-request-log-level",
    ),
    "completion/complete": MethodNote(
        "completion/complete asks the server for suggestions for one argument while the user types, either for "
        "a prompt given by ref/prompt and its name or for a resource template given by ref/resource and its "
        "URI. It carries the argument's name and the partial value, and since 2025-06-18 a context with the "
        "arguments already chosen. The server must have declared the completions capability, which exists "
        "since 2025-03-26.",
        "The result holds completion.values, at most 100 suggestions ordered by relevance, with an optional "
        "total and a hasMore flag. The client shows them and asks again as the user keeps typing.",
        "2025-11-25 server/utilities/completion#requesting-completions",
    ),
    # ------------------------------------------------------------------ client features
    "roots/list": MethodNote(
        "roots/list is the server asking the client which directories and files the user considers relevant, "
        "given as file:// URIs. In the legacy era the server sends it as an ordinary request, and only to "
        "clients that declared the roots capability. In 2026-07-28 it travels only as an entry of inputRequests "
        "inside an InputRequiredResult, and the roots feature is deprecated.",
        "The client answers with a roots list of uri and optional name, or with error -32601 when it does not "
        "support roots. In 2026-07-28 that result goes into inputResponses when the client retries its "
        "original request.",
        "2025-11-25 client/roots#listing-roots",
        "2026-07-28 basic/patterns/mrtr#inputrequests",
    ),
    "notifications/roots/list_changed": MethodNote(
        "notifications/roots/list_changed is the client telling the server that its list of roots has changed. "
        "A client that declared roots.listChanged must send it on every change, and the server usually follows "
        "up with roots/list. It exists only in the legacy era.",
        "",
        "2025-11-25 client/roots#root-list-changes",
    ),
    "sampling/createMessage": MethodNote(
        "sampling/createMessage is the server asking the client to run its language model on a list of "
        "messages, with maxTokens and an optional systemPrompt and model preferences. The client must have "
        "declared the sampling capability, and since 2025-11-25 a request that offers tools also needs "
        "sampling.tools. In 2026-07-28 it travels only inside an InputRequiredResult, and the sampling feature "
        "is deprecated.",
        "The client, ideally after a person has reviewed the request, returns the generated message with role, "
        "content, the model name and a stopReason. A refusal by the user is reported as error -1; in 2026-07-28 "
        "the result goes back in inputResponses on a retry of the original request.",
        "2025-11-25 client/sampling#creating-messages",
        "2026-07-28 basic/patterns/mrtr#inputrequests",
    ),
    "elicitation/create": MethodNote(
        "elicitation/create is the server asking the client to collect information from the user, introduced "
        "in 2025-06-18 with a message and a flat requestedSchema for a form. Since 2025-11-25 it may use url "
        "mode instead, which sends the user to a web page for sensitive input that must not pass through the "
        "client. The client must have declared the elicitation capability for the mode used, and in 2026-07-28 "
        "the request travels only inside an InputRequiredResult.",
        "The answer has an action of accept, decline or cancel, and for an accepted form the content the user "
        "entered. In 2026-07-28 the client puts that result into inputResponses and retries the original "
        "request.",
        "2025-11-25 client/elicitation#elicitation-requests",
        "2026-07-28 basic/patterns/mrtr#inputrequests",
    ),
    "notifications/elicitation/complete": MethodNote(
        "notifications/elicitation/complete tells the client that an out-of-band interaction started by a url "
        "mode elicitation/create has finished, naming its elicitationId. Only the server sends it, only to the "
        "client that received the elicitation, and it exists only in 2025-11-25. The client ignores unknown ids "
        "and may use the notification to retry a request that had failed with error -32042.",
        "",
        "2025-11-25 client/elicitation#completion-notifications-for-url-mode-elicitation",
    ),
    # ------------------------------------------------------------------ cancellation and progress
    "notifications/cancelled": MethodNote(
        "notifications/cancelled tells the other side to stop work on an earlier request, named by requestId, "
        "with an optional reason. In the legacy era either side may send it for a request it issued itself, "
        "never for initialize, and tasks are cancelled with tasks/cancel instead. In 2026-07-28 only clients on "
        "stdio send it, since on HTTP closing the response stream is the cancellation, and a server sends it "
        "only to end a subscriptions/listen stream. The receiver should stop without answering, may ignore an "
        "unknown or finished request, and the sender ignores any late response.",
        "",
        "2025-11-25 basic/utilities/cancellation#cancellation-flow",
        "2026-07-28 basic/patterns/cancellation#transport-specific-cancellation",
    ),
    "notifications/progress": MethodNote(
        "notifications/progress reports how far a long-running request has come, quoting the progressToken the "
        "requester put in the _meta of that request. It carries a progress value that must grow every time, an "
        "optional total and, since 2025-03-26, an optional message. In the legacy era either side may send it "
        "for a request it received; in 2026-07-28 only the server sends it, on the response stream of the "
        "client's request.",
        "",
        "2025-11-25 basic/utilities/progress#progress-flow",
        "2026-07-28 basic/patterns/progress#progress-flow",
    ),
    # ------------------------------------------------------------------ tasks (2025-11-25 only)
    "tasks/get": MethodNote(
        "tasks/get asks the receiver of a task-augmented request for the current state of that task, named by "
        "taskId. Either side may send it, since clients and servers can both run tasks, and it exists only in "
        "2025-11-25; 2026-07-28 moved tasks into an extension.",
        "The result is the Task with its status (working, input_required, completed, failed or cancelled), an "
        "optional statusMessage, createdAt, lastUpdatedAt, ttl and a suggested pollInterval. The requestor keeps "
        "polling until a terminal status or input_required and then fetches the outcome with tasks/result.",
        "2025-11-25 basic/utilities/tasks#getting-tasks",
    ),
    "tasks/result": MethodNote(
        "tasks/result asks the receiver for the final outcome of a task, named by taskId. Either side may send "
        "it in 2025-11-25, and the requestor should call it as soon as a task reports input_required.",
        "The receiver holds the answer back until the task reaches a terminal status, then returns exactly what "
        "the original request would have returned, for instance a CallToolResult for tools/call, or its JSON-RPC "
        "error. The result's _meta names the task under io.modelcontextprotocol/related-task.",
        "2025-11-25 basic/utilities/tasks#retrieving-task-results",
    ),
    "tasks/list": MethodNote(
        "tasks/list asks the receiver for the tasks it holds for this requestor, paged through an optional "
        "cursor. It exists only in 2025-11-25 and only when the receiver declared tasks.list.",
        "The result holds a tasks array of Task objects and a nextCursor when more remain. Any task the "
        "requestor could fetch with tasks/get must also appear in the list.",
        "2025-11-25 basic/utilities/tasks#listing-tasks",
    ),
    "tasks/cancel": MethodNote(
        "tasks/cancel asks the receiver to stop a task, named by taskId, and replaces notifications/cancelled for "
        "task-augmented requests. It exists only in 2025-11-25 and only when the receiver declared tasks.cancel.",
        "The receiver moves the task to cancelled before replying and returns the Task in that state, while a "
        "task that is already completed, failed or cancelled is refused with error -32602. The task may be "
        "deleted at any time afterwards, so the requestor should collect what it needs first.",
        "2025-11-25 basic/utilities/tasks#cancelling-tasks",
    ),
    "notifications/tasks/status": MethodNote(
        "notifications/tasks/status lets the receiver of a task push the task's new state to the requestor, as "
        "the full Task object with status and statusMessage. Either side may send it in 2025-11-25, but it is "
        "optional, so the requestor must keep polling with tasks/get rather than rely on it.",
        "",
        "2025-11-25 basic/utilities/tasks#task-status-notification",
    ),
}


@dataclass(frozen=True, slots=True)
class StateLesson:
    allowed: str  # what each side may (and may not) send in this state (1 to 3 sentences)
    next: str  # what normally comes next and what moves the session on (1 to 2 sentences)
    failures: str  # the common failures met here: what the inspector flags, which rule or edge (1 to 3 sentences)


LESSONS: dict[State, StateLesson] = {
    # ------------------------------------------------------------------ legacy era
    State.UNINITIALIZED: StateLesson(
        "The client opens with the initialize request, and until that request is answered ping is the only "
        "other request it should send. The server has nothing to say yet: apart from ping and "
        "notifications/message it waits for initialize and answers it.",
        "Sending initialize moves the session to Initializing. The session also lands here in auto mode when "
        "the server/discover probe fell back to legacy, and on Streamable HTTP when a 404 ended the old "
        "session, and in both cases a fresh initialize follows.",
        "Sending tools/list or any other request before initialize is flagged "
        "(lifecycle.client-before-initialize), and many servers reject it with -32601 or -32602 or never "
        "answer at all. A server that prints a banner or debug text to stdout instead of stderr corrupts the "
        "stream (stdio.not-json). A wrong command or path means the server never starts, and a crash on start "
        "ends the session in Failed (lifecycle.exited-during-initialize).",
    ),
    State.INITIALIZING: StateLesson(
        "The client waits for the InitializeResult and may send only ping meanwhile, and it must not cancel "
        "initialize. The server may send ping and notifications/message, but its answer to initialize has to "
        "come before any other request or notification.",
        "An InitializeResult with a version the client supports moves the session to Initialized. An error, a "
        "version the client cannot use, a timeout or, on HTTP, a 4xx without a JSON-RPC answer sends it to "
        "Shutting down, although in HTTP auto mode a 4xx first retries on the older HTTP+SSE transport.",
        "The server rejects initialize with an error, typically -32602 with data.supported when it does not "
        "know the requested protocolVersion, and a modern-only server refuses initialize altogether "
        "(lifecycle.initialize-error). It may answer with a version other than the one offered, which is only "
        "allowed when it does not support the offered one (lifecycle.version-not-offered), or with one the "
        "client does not speak, after which the client should disconnect (lifecycle.version-unsupported). A "
        "server that never answers runs into the timeout (lifecycle.no-answer), and one that sends "
        "notifications such as list_changed before its answer is flagged "
        "(lifecycle.message-before-initialize-result).",
    ),
    State.INITIALIZED: StateLesson(
        "The client owes exactly one message, notifications/initialized, and should send no request other than "
        "ping before it. The server is still limited to ping and notifications/message until that notification "
        "arrives. Over Streamable HTTP every later request carries MCP-Protocol-Version and, when the server "
        "assigned one, the Mcp-Session-Id it returned with the InitializeResult.",
        "Sending notifications/initialized moves the session to Operating, and in step mode this is the last "
        "click of the handshake. If the server exits here instead, the session ends in Failed.",
        "A client that forgets the notification or calls tools/list first is flagged "
        "(lifecycle.client-request-before-initialized), and some servers then ignore or reject its requests. A "
        "server that jumps ahead with roots/list, sampling/createMessage or elicitation/create is flagged too "
        "(lifecycle.request-before-initialized). Over HTTP the POST carrying the notification should get 202 "
        "Accepted with an empty body (http.accepted-with-body).",
    ),
    State.OPERATING: StateLesson(
        "Both sides may send requests and notifications, but only methods of the negotiated version and only "
        "features whose capabilities were declared, so notifications/tools/list_changed needs tools.listChanged "
        "and sampling/createMessage needs a client that declared sampling. Either side may ping at any time and "
        "may cancel its own requests with notifications/cancelled, except task-augmented requests, which are "
        "stopped with tasks/cancel.",
        "Traffic continues until the client shuts down, by closing stdin on stdio or by sending DELETE with the "
        "Mcp-Session-Id header on Streamable HTTP, which moves the session to Shutting down. If the server exits "
        "or the connection drops the session goes to Failed, and an HTTP 404 to a request carrying the session "
        "id sends it back to Uninitialized for a new initialize.",
        "The server uses a feature it never declared, such as a list_changed notification without listChanged "
        "(capability.server-undeclared), or asks for sampling, roots or elicitation the client never offered "
        "(capability.client-undeclared). A method the version does not define is flagged (method.unknown) and "
        "usually answered with -32601, and a request that outlives its timeout is flagged (lifecycle.no-answer) "
        "and should be cancelled. On Streamable HTTP the server may end the session with a 404 "
        "(http.session-expired) or send a different Mcp-Session-Id in mid-session (http.session-id-changed).",
    ),
    # ------------------------------------------------------------------ modern era (2026-07-28)
    State.IDLE: StateLesson(
        "There is no handshake: the client may send any request straight away, as long as its params._meta "
        "carries io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities, and "
        "preferably io.modelcontextprotocol/clientInfo. A dual-era client should send server/discover first, "
        "and the server only answers requests and never sends requests of its own.",
        "Sending server/discover moves the session to Discovering. If the server cannot be started or reached, "
        "the session goes straight to Failed.",
        "A request whose _meta lacks a required field is malformed, and the server must reject it with -32602, "
        "with 400 Bad Request on HTTP. A command that does not start or a URL that does not answer ends the "
        "session in Failed, and a server that dies before answering anything is flagged "
        "(lifecycle.exited-during-initialize). On stdio, banners or debug output on stdout are flagged as well "
        "(stdio.not-json).",
    ),
    State.DISCOVERING: StateLesson(
        "The client waits for the answer to server/discover and sends nothing else meanwhile, because that "
        "answer decides which era the session will speak. The server owes exactly one answer: a DiscoverResult "
        "with supportedVersions and capabilities, or an error.",
        "A DiscoverResult moves the session to Ready with one of the supportedVersions, while a -32022 "
        "UnsupportedProtocolVersion error keeps it here for a retry with a version from data.supported. In auto "
        "mode any other error, a success that is not a DiscoverResult, an HTTP 4xx without a modern error body "
        "or silence until the short timeout marks a legacy server and falls back to Uninitialized, while in "
        "modern mode those outcomes, or no common version, lead to Shutting down.",
        "Most legacy servers answer the probe with -32601 Method not found, which is expected and simply "
        "triggers the fallback, and the fallback must never depend on that one code. A DiscoverResult without "
        "a usable supportedVersions list is flagged (modern.discover-malformed), a success of another shape is "
        "flagged and treated as legacy (modern.discover-not-discover-result), and on HTTP a -32022 that does not "
        "come with 400 Bad Request is flagged too (http.error-status-mismatch). A silent server costs the probe "
        "timeout (lifecycle.no-answer), and when client and server share no version the client can only give "
        "up and tell the user.",
    ),
    State.READY: StateLesson(
        "Every request stands alone with its own _meta, and on HTTP with matching MCP-Protocol-Version and "
        "Mcp-Method headers. The server answers requests, sends notifications/progress and notifications/message "
        "only for an in-flight request that asked for them with progressToken or "
        "io.modelcontextprotocol/logLevel, and sends change notifications only on a subscriptions/listen "
        "stream. It never sends a request of its own: to get roots, sampling or elicitation it answers "
        "tools/call, prompts/get or resources/read with an InputRequiredResult.",
        "The session stays in Ready: an InputRequiredResult is answered by retrying the same request with a new "
        "id, inputResponses and the echoed requestState, and a -32022 by retrying with a supported version. The "
        "client ends it by closing stdin on stdio, or on HTTP by closing its open streams since there is no "
        "session to DELETE, which moves it to Shutting down.",
        "A server that writes a JSON-RPC request such as sampling/createMessage instead of using "
        "InputRequiredResult is flagged (stdio.server-request-modern, http.server-request-modern), and so is an "
        "InputRequiredResult on any other method (modern.input-required-not-allowed). Log messages that no "
        "request asked for are flagged (modern.log-not-requested), and on HTTP the errors -32020 HeaderMismatch, "
        "-32021 MissingRequiredClientCapability and -32022 UnsupportedProtocolVersion must come with 400 Bad "
        "Request (http.error-status-mismatch). A -32021 lists the missing capabilities in "
        "data.requiredCapabilities, so the client retries with them declared or gives up if it lacks them.",
    ),
    # ------------------------------------------------------------------ shared ends
    State.SHUTTING_DOWN: StateLesson(
        "The client sends nothing new: on stdio it has closed the server's stdin, and on Streamable HTTP it "
        "sends DELETE with the Mcp-Session-Id header, which the server may refuse with 405, or simply closes its "
        "streams when there is no session. The server may still flush pending output and stderr, but it should "
        "start no new work and exit.",
        "When the server exits or the connection closes the session moves to Terminated. On stdio the client "
        "escalates when the exit does not come within the grace period, SIGTERM first and SIGKILL after another "
        "wait, while over HTTP there is no signal to send.",
        "A server that keeps running after its stdin closed, often because a background thread keeps the "
        "process alive, forces a SIGTERM (lifecycle.ignored-stdin-close), and one that traps or ignores SIGTERM "
        "forces a SIGKILL (lifecycle.ignored-sigterm). The session also arrives here by failure edges from the "
        "start, such as an error to initialize, an unsupported version, an HTTP error status to initialize, no common "
        "version or no answer in time, and the highlighted edge names which one.",
    ),
    State.TERMINATED: StateLesson(
        "Nothing more can be sent in either direction, because the session is over and its state is gone. The "
        "inspector keeps the whole timeline, stderr included, and the exit code or signal, so the recording "
        "can be replayed offline.",
        "This is a final state: connecting again starts a fresh session in Uninitialized or Idle, with a new "
        "initialize handshake or a new server/discover probe, and nothing from the old session carries over.",
        "An exit by SIGTERM or SIGKILL means the server ignored its closed stdin (lifecycle.ignored-stdin-close) "
        "or even SIGTERM (lifecycle.ignored-sigterm), and a non-zero exit code often points to an error in its "
        "shutdown code that stderr explains. Requests still pending when the server went away never get an "
        "answer, and a last line cut off without its newline is flagged (stdio.partial-line).",
    ),
    State.FAILED: StateLesson(
        "Nothing can be sent any more, because the server process or the connection is gone. What is left to "
        "show is the evidence: the last messages, the stderr output and the exit code or signal.",
        "This is a final state: fix the cause and connect again, which starts over in Uninitialized or Idle. A "
        "modern client on stdio would simply restart the server and resend the requests it lost, while a legacy "
        "client has to repeat the whole handshake.",
        "A wrong command, a missing interpreter or a bad working directory means the server could not start, "
        "and over HTTP a wrong URL or a server that is down means it could not be reached. A crash during the "
        "handshake or the probe is flagged (lifecycle.exited-during-initialize), while a crash in mid-session "
        "usually leaves a traceback on stderr and may cut the last line short (stdio.partial-line).",
    ),
}


_NOT_IN_SLUG = re.compile(r"[^\w -]|_")


def slug(heading: str) -> str:
    """The anchor of a spec heading: ``"### Version Negotiation"`` -> ``"version-negotiation"``. The
    leading ``#`` marks and surrounding blanks are dropped, the text is lowercased, everything but
    letters, digits, spaces and hyphens is removed, and each space becomes a hyphen."""
    text = heading.strip().lstrip("#").strip().lower()
    return _NOT_IN_SLUG.sub("", text).replace(" ", "-")


def note_for(method: str | None, modern: bool = False) -> tuple[MethodNote, str] | None:
    """The note on ``method`` and the spec reference for the era (None: no note)."""
    note = NOTES.get(method or "")
    if note is None:
        return None
    return note, (note.spec_modern or note.spec) if modern else note.spec
