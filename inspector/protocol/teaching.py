"""Teaching notes: what each method does on the wire, for step mode and the handouts.

Each note is written for this product from the specification (no text is copied from it): a
few sentences on what the request or notification asks for or announces, a few on what its
answer carries and what the client does next, and the page of the spec that says so, as a
reference ``"<version> <page>#<section>"`` that :func:`inspector.resources.spec_file` opens.
The English text is the key; the window translates it in the ``Teaching`` context.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


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
