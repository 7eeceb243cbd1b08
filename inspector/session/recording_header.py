"""A recording's header as the model keeps it, told without pydantic. No Qt.

The header of a recording file is read through :class:`.documents.RecordingHeader` (a member of
the wrong type is left out and said: :func:`.documents.read_recording_header`). Opening a file
must not cost pydantic's import (about 0.07 s and 12 MiB) when the header needs nothing of it:
:func:`header_is_plain` says, member by member, whether the model would keep every member as
it is; only a header that is not plain goes through the model. :data:`HEADER_MEMBERS` and
:data:`ENGINE_MEMBERS` name the same members as the models, and ``tests/session/test_recording_header.py``
checks that each check accepts exactly what the model keeps.
"""

from __future__ import annotations

from collections.abc import Callable

from inspector.protocol.jsontypes import JsonObject, JsonValue

#: the eras a header's ``era_mode`` may name (``versions.EraMode``)
ERAS = ("auto", "legacy", "modern")


def _text(value: JsonValue) -> bool:
    return isinstance(value, str)


def _text_or_null(value: JsonValue) -> bool:
    return value is None or isinstance(value, str)


def _flag(value: JsonValue) -> bool:
    return isinstance(value, bool)


def _whole_or_null(value: JsonValue) -> bool:
    return value is None or type(value) is int


def _texts(value: JsonValue) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _text_map(value: JsonValue) -> bool:
    return isinstance(value, dict) and all(isinstance(item, str) for item in value.values())


def _object(value: JsonValue) -> bool:
    return isinstance(value, dict)


def _object_or_null(value: JsonValue) -> bool:
    return value is None or isinstance(value, dict)


def _era(value: JsonValue) -> bool:
    return isinstance(value, str) and value in ERAS


#: what each member the header model names must be for the model to keep it as it is
HEADER_MEMBERS: dict[str, Callable[[JsonValue], bool]] = {
    "format": _text,
    "version": lambda value: type(value) is int,
    "created": _text,
    "transport": _text,
    "argv": _texts,
    "cwd": _text_or_null,
    "url": _text,
    "headers": _text_map,
    "verify_tls": _flag,
    "era_mode": _era,
    "legacy_version": _text_or_null,
    "modern_version": _text_or_null,
    "engine": _object_or_null,
    "server_name": _text,
    "env": _text_map,
    "migrated_from": _whole_or_null,
    "reanalysed_from": _text_or_null,
    "proxied": _object_or_null,  # proxy mode: {"command": [...], "name": ...}
}
#: the same for the members of the header's ``engine`` (the client's configuration)
ENGINE_MEMBERS: dict[str, Callable[[JsonValue], bool]] = {
    "capabilities": _object,
    "client_info": _object_or_null,
    "accept_unsupported_version": _flag,
    "log_level": _text_or_null,
    "observer": _flag,
}


def members_plain(data: JsonObject, members: dict[str, Callable[[JsonValue], bool]]) -> bool:
    """Every member of ``data`` that ``members`` names is as the model keeps it (others are kept anyway)."""
    return all(check(data[name]) for name, check in members.items() if name in data)


def header_is_plain(header: JsonObject) -> bool:
    """The model would keep ``header`` whole: nothing to leave out, nothing to say."""
    engine = header.get("engine")
    return members_plain(header, HEADER_MEMBERS) and (
        not isinstance(engine, dict) or members_plain(engine, ENGINE_MEMBERS)
    )
