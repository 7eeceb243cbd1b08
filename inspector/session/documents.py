"""The documents the inspector reads and writes, as pydantic models. No Qt.

Theory of operation
-------------------
A document (``servers.json``, ``secrets.json``, a client's MCP configuration entry) is a
pydantic model: its shape is declared once, checked by pydantic, and written by dumping the
model. Wire messages never pass through here: they stay raw bytes judged by the schema
validator (``protocol/schema.py``); a document is read once, when a file is opened.

A file on disk may have been edited by hand, cut short or written by another program, and
nothing that reads one raises for what it holds. :func:`lenient` validates a model and, where
a part fails, leaves that part out (an item of a list) or lets it take its default (a field),
then validates again; each part left out is a located problem: the file's name, the JSON path
(:func:`json_path`, from pydantic's error location) and what was expected. The importer keeps
its own problem codes and words (``imports.MESSAGES``, translated by the window); the models
here give it the shapes and the JSON paths.

Value types shared by the models: :data:`Text` (any JSON value, a non-string as its JSON
text), :data:`Flag` (only ``true`` is true) and :data:`Name` (a non-empty string).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping
from typing import Annotated, Any, TypeVar

import orjson
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError


def json_text(value: Any) -> str:
    """A string as it is; any other JSON value as its JSON text."""
    return value if isinstance(value, str) else orjson.dumps(value).decode()


def _flag(value: Any) -> bool:
    return value is True


def _name_or_empty(value: Any) -> str:
    return value if isinstance(value, str) else ""


#: any JSON value, kept as text (a number or boolean as its JSON text)
Text = Annotated[str, BeforeValidator(json_text)]
#: true only when the file says ``true``; anything else is false
Flag = Annotated[bool, BeforeValidator(_flag)]
#: a non-empty string
Name = Annotated[str, Field(min_length=1)]
#: a string, or "" for any other value
OptionalText = Annotated[str, BeforeValidator(_name_or_empty)]

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def json_path(base: str, key: str | int) -> str:
    """``$.mcpServers.foo``, ``$.args[2]``, ``$.mcpServers["my server"]``."""
    if isinstance(key, int):
        return f"{base}[{key}]"
    if _IDENT.match(key):
        return f"{base}.{key}"
    return f"{base}[{json.dumps(key, ensure_ascii=False)}]"


def loc_path(base: str, loc: tuple[str | int, ...]) -> str:
    """The JSON path of a pydantic error location under ``base``."""
    for key in loc:
        base = json_path(base, key)
    return base


class Document(BaseModel):
    """A document's part: strict types (a string is no number, ``1`` no boolean), unknown
    members ignored (another program's settings), the values as read."""

    model_config = ConfigDict(strict=True, extra="ignore")


M = TypeVar("M", bound=BaseModel)


def lenient(model: type[M], data: Mapping[str, Any], where: str, problems: list[str], *, max_rounds: int = 8) -> M:
    """``model`` from ``data``, whatever ``data`` holds: a list item that fails is left out,
    a field that fails takes its default, each said in ``problems`` (in pydantic's order, the
    model's) as ``"{where}{path}: {what pydantic expected}; left out"`` or
    ``"{where}.{field}: {value}: {what was expected}; the default is used"``. A required field
    that fails is an error (give it a default to read leniently)."""
    data = copy.deepcopy(dict(data))
    for _ in range(max_rounds):
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            errors = exc.errors(include_url=False)
        parts = [part for part in (_failing_part(data, err, where) for err in errors) if part is not None]
        problems += dict.fromkeys(said for _, said in parts)  # one line for two errors in one part
        # the last list items first: removing from the end keeps the other indices right
        for loc, _ in sorted(dict(parts).items(), key=lambda item: _sort_key(item[0]), reverse=True):
            container: Any = data
            for key in loc[:-1]:
                container = container[key]
            del container[loc[-1]]
    return model.model_validate(data)


def _sort_key(loc: tuple[str | int, ...]) -> tuple[tuple[int, str | int], ...]:
    return tuple((0, k) if isinstance(k, int) else (1, k) for k in loc)


def _failing_part(data: dict[str, Any], err: Any, where: str) -> tuple[tuple[str | int, ...], str] | None:
    """Where in ``data`` to remove what ``err`` is about (the outermost list item on its
    location, else its top-level field) and the problem that says so."""
    loc: tuple[str | int, ...] = tuple(err["loc"])
    parent: Any = data
    for depth, key in enumerate(loc):
        if isinstance(key, int) and isinstance(parent, list) and key < len(parent):
            return loc[: depth + 1], f"{loc_path(where, loc[: depth + 1])}: {_expected(err)}; left out"
        if not isinstance(parent, dict) or key not in parent:
            break
        parent = parent[key]
    field = loc[0] if loc else None
    if isinstance(field, str) and field in data:
        shown = json_text(data[field])[:40]
        return (field,), f"{json_path(where, field)}: {shown}: {_expected(err)}; the default is used"
    return None


def _expected(err: Any) -> str:
    """pydantic's words for what was expected, from a lower-case start."""
    if err.get("type") in ("model_type", "model_attributes_type", "dict_type"):
        return "expected an object"
    msg = str(err.get("msg", "not valid"))
    return msg[:1].lower() + msg[1:]
