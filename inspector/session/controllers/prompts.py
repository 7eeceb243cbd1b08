"""Prompts, Qt-free: the list (a :class:`~.base.ListController` of ``prompts/list``), a
prompt's arguments and which required ones are missing, and ``prompts/get`` with its own
generation (a slow answer to an older get is never shown over a newer one). An argument's
suggestions come from :mod:`.completions` (``prompt_ref``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from inspector.protocol.jsontypes import JsonObject, JsonValue

from ..session import SessionError
from .base import Failure, Generation, ListController

if TYPE_CHECKING:
    from ..session import Reply

GOT = "got"  # a prompts/get ended (``PromptsController.got``)
GETTING = "getting"  # a prompts/get started


@dataclass(frozen=True, slots=True)
class PromptArgument:
    """One argument a prompt declares (the entries that are not objects with a string name
    are left out)."""

    name: str
    required: bool = False
    description: str = ""


def prompt_arguments(prompt: JsonObject) -> list[PromptArgument]:
    args = prompt.get("arguments")
    out: list[PromptArgument] = []
    for arg in args if isinstance(args, list) else []:
        if isinstance(arg, dict) and isinstance(arg.get("name"), str):
            desc = arg.get("description")
            out.append(PromptArgument(arg["name"], arg.get("required") is True, desc if isinstance(desc, str) else ""))
    return out


@dataclass(frozen=True, slots=True)
class PromptMessages:
    """What a GetPromptResult shows: its description ("" when none) and its messages as
    ``(role, content)`` (a role that is not a string as "", the entries that are not objects
    left out)."""

    description: str
    messages: list[tuple[str, JsonValue]]


def prompt_messages(result: JsonObject) -> PromptMessages:
    desc = result.get("description")
    messages = result.get("messages")
    shown: list[tuple[str, JsonValue]] = []
    for message in messages if isinstance(messages, list) else []:
        if isinstance(message, dict):
            role = message.get("role")
            shown.append((role if isinstance(role, str) else "", message.get("content")))
    return PromptMessages(desc if isinstance(desc, str) else "", shown)


@dataclass(frozen=True, slots=True)
class GetOutcome:
    """How one ``prompts/get`` ended: the reply (a result or an error answer), or the failure
    that kept it from coming (a timeout, a lost link, a cancel)."""

    name: JsonValue  # the prompt's name as listed (a server may send anything)
    params: JsonObject = field(default_factory=dict)
    reply: Reply | None = None
    failure: Failure | None = None

    @property
    def result(self) -> JsonObject | None:
        """The GetPromptResult (None: the get failed)."""
        if self.reply is None or not self.reply.ok:
            return None
        return self.reply.result if isinstance(self.reply.result, dict) else {}

    @classmethod
    def of_reply(cls, name: JsonValue, params: JsonObject, reply: Reply) -> GetOutcome:
        return cls(name, params, reply, Failure.of_reply(reply))


class PromptsController(ListController):
    """The prompts of one session (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__("prompts/list", "prompts", "promptsListChanged", owner="prompts")
        self.gets = Generation()
        self.got: GetOutcome | None = None  # the latest get's outcome, once it ended
        self.getting = False
        self.asked: JsonObject = {}  # the params of the latest get

    def reset(self) -> None:
        self.gets.next()  # an answer still on its way is for an earlier session
        self.got = None
        self.getting = False
        super().reset()

    @staticmethod
    def missing(prompt: JsonObject, values: dict[str, str]) -> list[str]:
        """The required arguments of ``prompt`` without a value, sorted."""
        return sorted(a.name for a in prompt_arguments(prompt) if a.required and not values.get(a.name))

    @staticmethod
    def get_params(prompt: JsonObject, values: dict[str, str]) -> JsonObject:
        """``prompts/get``'s params: the name, and the arguments that have a value."""
        params: JsonObject = {"name": prompt.get("name")}
        arguments = {k: v for k, v in values.items() if v}
        if arguments:
            params["arguments"] = arguments
        return params

    @staticmethod
    def sent_values(params: JsonObject) -> dict[str, str]:
        """The values a ``prompts/get`` sent with ``params`` (a recorded one), as the form holds
        them: its arguments as text (what is not a string, as its ``str``)."""
        arguments = params.get("arguments")
        items = arguments.items() if isinstance(arguments, dict) else ()
        return {name: value if isinstance(value, str) else str(value) for name, value in items}

    def get(self, prompt: JsonObject, values: dict[str, str]) -> bool:
        """Start ``prompts/get`` for ``prompt`` with the values filled in (False: not live)."""
        if self.session is None:
            return False
        params = self.get_params(prompt, values)
        gen = self.gets.next()
        self.getting, self.asked = True, params
        self.emit(GETTING)
        started = self.start(lambda: self.fetch(params, gen))
        if not started:
            self.getting = False
        return started

    async def fetch(self, params: JsonObject, gen: int | None = None) -> GetOutcome | None:
        """Send ``prompts/get`` with ``params``; the outcome, or None when a newer get (or a
        new session) made it stale."""
        session = self.session
        gen = self.gets.next() if gen is None else gen
        if session is None:
            return None
        name = params.get("name")
        try:
            reply = await session.request("prompts/get", params)
        except SessionError as exc:
            outcome = GetOutcome(name, params, None, Failure.of_exception(exc))
        else:
            outcome = GetOutcome.of_reply(name, params, reply)
        if not self.gets.current(gen):
            return None
        self.got, self.getting = outcome, False
        self.emit(GOT)
        return outcome
