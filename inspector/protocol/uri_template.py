"""URI templates of ``resources/templates/list`` (RFC 6570), through the maintained
``uritemplate`` library: the variables a template names and its expansion.

What the inspector adds to the library: variables come in order, each once; an empty value is
left out like an undefined one (a form's empty field asks for nothing, so ``{?q,lang}`` with
an empty ``lang`` expands to ``?q=…``); the variables of path-like expressions (simple, ``+``,
``#``, ``.``, ``/``) are *required* (the URI needs them) while query-style ones (``?``, ``&``,
``;``) may stay empty; and a template the library cannot read (a server's text, e.g. a prefix
that is not a number) never raises: it has no variables and expands to itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when a template is first read: the window starts without it
    from uritemplate import URITemplate

# operators whose variables may stay undefined: the expansion then leaves the name out
_OPTIONAL_OPERATORS = frozenset({"?", "&", ";"})


def _parse(template: str) -> URITemplate | None:
    from uritemplate import URITemplate

    try:
        return URITemplate(template)
    except (ValueError, TypeError):  # e.g. "{var:abc}": the prefix is not a number
        return None


def _names(template: str, *, required_only: bool) -> list[str]:
    parsed = _parse(template)
    names: list[str] = []
    for expression in parsed.variables if parsed is not None else ():
        operator = expression.operator.value if expression.operator is not None else ""
        if required_only and operator in _OPTIONAL_OPERATORS:
            continue
        for name, _options in expression.variables:
            if name and name not in names:
                names.append(name)
    return names


def template_variables(template: str) -> list[str]:
    """The variable names of a URI template, in order, each once."""
    return _names(template, required_only=False)


def template_required(template: str) -> list[str]:
    """The variables of path-like expressions, in order: the URI needs them (query-style ones
    may stay empty: the expansion leaves them out)."""
    return _names(template, required_only=True)


def expand_template(template: str, values: dict[str, str]) -> str:
    """RFC 6570 expansion with string values; an empty value counts as undefined."""
    parsed = _parse(template)
    if parsed is None:
        return template
    return parsed.expand({name: value for name, value in values.items() if value})
