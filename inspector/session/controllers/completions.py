"""Completions (``completion/complete``): suggestions for a prompt's argument or a resource
template's variable, Qt-free.

:func:`fetch_completions` builds the request's params for the version the session speaks
(``context.arguments``, the values of the other arguments already filled in, only where the
version's schema has it: :func:`inspector.protocol.versions.completion_takes_context`), sends
it, and returns a :class:`Completion`: the values (strings only, at most :data:`MAX_VALUES`, as
the spec allows), ``total`` and ``hasMore`` when the server gave them, or a
:class:`~.base.Failure` (the server's error object, a timeout, a lost link) as data.
A front-end shows the values for the text they were asked for (``Completion.value``) and drops
answers for text the user has since changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.versions import completion_takes_context

from ..session import SessionError
from .base import Failure

if TYPE_CHECKING:
    from ..session import Session

#: How long a completion may take: suggestions that come later are of no use while typing.
COMPLETION_TIMEOUT = 10.0
#: The most values a CompleteResult may carry (the spec's limit); more are left out.
MAX_VALUES = 100


@dataclass(frozen=True, slots=True)
class Completion:
    """The answer to one ``completion/complete`` for ``value``."""

    value: str  # the text the suggestions are for
    values: tuple[str, ...] = ()
    total: int | None = None
    has_more: bool = False
    failure: Failure | None = None  # the server refused, or the session could not ask

    @property
    def ok(self) -> bool:
        return self.failure is None


def prompt_ref(name: str) -> dict[str, str]:
    """The ``ref`` of a prompt's arguments."""
    return {"type": "ref/prompt", "name": name}


def resource_ref(uri_template: str) -> dict[str, str]:
    """The ``ref`` of a resource template's variables."""
    return {"type": "ref/resource", "uri": uri_template}


def completion_params(
    version: str | None, ref: dict[str, str], name: str, value: str, context: dict[str, str] | None = None
) -> JsonObject:
    """The params of ``completion/complete`` for argument ``name`` = ``value`` in ``version``;
    ``context`` (the other arguments' values) goes along where the version has it."""
    params: JsonObject = {"ref": ref, "argument": {"name": name, "value": value}}
    if context and completion_takes_context(version):
        params["context"] = {"arguments": dict(context)}
    return params


def read_completion(value: str, result: JsonValue) -> Completion:
    """A CompleteResult as a :class:`Completion` (what is not a string is left out)."""
    completion = result.get("completion") if isinstance(result, dict) else None
    if not isinstance(completion, dict):
        return Completion(value)
    values = completion.get("values")
    strings = tuple(v for v in values if isinstance(v, str))[:MAX_VALUES] if isinstance(values, list) else ()
    total = completion.get("total")
    return Completion(
        value,
        strings,
        total if isinstance(total, int) and not isinstance(total, bool) else None,
        completion.get("hasMore") is True,
    )


async def fetch_completions(
    session: Session,
    ref: dict[str, str],
    name: str,
    value: str,
    context: dict[str, str] | None = None,
    *,
    timeout: float = COMPLETION_TIMEOUT,
) -> Completion:
    """Ask the server for suggestions for argument ``name`` = ``value`` (see the module
    docstring). Nothing raises but a cancellation: a refusal, a timeout or a lost link is the
    answer's ``failure``."""
    params = completion_params(session.negotiation().version, ref, name, value, context)
    try:
        reply = await session.request("completion/complete", params, timeout=timeout)
    except SessionError as exc:
        return Completion(value, failure=Failure.of_exception(exc))
    failure = Failure.of_reply(reply)
    return Completion(value, failure=failure) if failure is not None else read_completion(value, reply.result)
