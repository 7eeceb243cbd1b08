"""Which values are secrets: one judgement for every place a value comes from. No Qt.

Theory of operation
-------------------
A value is judged by its name and by itself. :func:`looks_secret` reads a name (an environment
variable, a header, a ``--flag``): Authorization, Proxy-Authorization, Cookie, anything
containing token, key, secret, password, passwd, auth or credential, or PAT, PASS or PW as a
word. :func:`secret_kind` reads a value: a URL with a password, a token or key of a well-known
shape (``ghp_…``, ``sk-…``, ``Bearer …``, a JWT, an AWS key, a private key) or a long
random-looking string. :func:`secret_argument` judges one argument of a command line, also by
the flag before it.

The importer (:mod:`.imports`) asks here which imported values to keep apart; the saved servers
(:mod:`.profiles`) ask :func:`secret_header` for every HTTP header, whoever marked it: a header
judged secret goes into the transport spec's ``secret_headers`` (sent, never shown: masked in
recordings, ``--json``, the window and handouts, as ``--bearer-env`` is) and into
``secrets.json``, never ``servers.json``; the command line's ``--header`` and the window's header
editor are judged the same way. :func:`masked_url` is a URL as a recording shows it: each query
parameter whose name or value says secret (``?api_key=…``, ``&access_token=…``, ``?x=ghp_…``) and
a password in its userinfo masked; what is forwarded or requested keeps the URL as it was. (The
transport masks secret values by name in the exchanges it records, and by value in its own texts:
``transport.base.hide_secrets``.)
"""

from __future__ import annotations

import math
import re
from itertools import pairwise
from urllib.parse import unquote_plus, urlsplit, urlunsplit

from inspector.protocol.jsontypes import JsonObject
from inspector.transport.base import MASK


class Word(str):
    """An English word or phrase put into a message (``an object``, ``no such file``): the UI
    translates it too (context "Imports"), unlike a name, a path or a value from the file."""


#: ``${...}``: a variable a client expands (the name inside is the group)
VARIABLE = re.compile(r"\$\{([^}]*)\}")

_SECRET_NAMES = ("authorization", "cookie", "token", "secret", "password", "passwd", "key", "auth", "credential")
_SECRET_TOKENS = ("pat", "pass", "pw", "passphrase")  # whole words of a name
#: the words of a name: ``GITHUB_PAT`` -> GITHUB, PAT; ``apiKeyFile`` -> api, Key, File
NAME_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
#: a flag whose value is no secret, though its name says key or auth (``--api-key-file``, ``--auth-type``)
_NOT_SECRET_FLAGS = (
    "file",
    "path",
    "dir",
    "type",
    "mode",
    "method",
    "url",
    "name",
    "id",
    "header",
    "env",
    "scheme",
    "provider",
)
#: a URL's userinfo with a password (any scheme): postgres://user:pw@host
_URL_PASSWORD = re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^/?#@\s:]*:([^/?#@\s]+)@")
#: well-known shapes of tokens and keys -> what they are
_SECRET_SHAPES: tuple[tuple[re.Pattern[str], Word], ...] = tuple(
    (re.compile(pattern), Word(what))
    for pattern, what in (
        (r"\b(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,})", "a token"),  # GitHub
        (r"\bglpat-[A-Za-z0-9_-]{16,}", "a token"),  # GitLab
        (r"\bsk-[A-Za-z0-9_-]{16,}", "a token"),  # OpenAI, Anthropic (sk-ant-...), DeepSeek...
        (r"\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}", "a token"),  # Stripe
        (r"\bxox[abposr]-[A-Za-z0-9-]{10,}", "a token"),  # Slack
        (r"\bnpm_[A-Za-z0-9]{30,}", "a token"),
        (r"\bhf_[A-Za-z0-9]{30,}", "a token"),  # Hugging Face
        (r"\bAIza[0-9A-Za-z_-]{35}", "a token"),  # Google API key
        (r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.", "a token"),  # a JWT
        (r"\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}", "a token"),  # an Authorization value
        (r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b", "an access key"),  # AWS
        (r"-----BEGIN [A-Z ]*PRIVATE KEY-----", "a private key"),
    )
)
#: ``NAME=value`` as an argument (``docker run -e API_KEY=...``, ``env GITHUB_TOKEN=... npx ...``): judged by NAME
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
_CASE_WORDS = re.compile(r"[a-z]{3,}|[A-Z]{3,}")
_RANDOM_PART = re.compile(r"[A-Za-z0-9_+=-]{32,}")  # no / or .: paths, package names and hosts are never random


def looks_secret(name: str) -> bool:
    """Whether an environment variable, header or flag called ``name`` probably holds a secret:
    it contains token, key, secret, password, auth, credential, cookie, or has PAT, PASS or PW
    as a word (``GITHUB_PAT``, ``DB_PASS``; not ``PATH`` or ``BYPASS``)."""
    low = name.lower()
    if any(word in low for word in _SECRET_NAMES):
        return True
    words = [w.lower() for w in NAME_WORDS.findall(name)]
    return any(w in _SECRET_TOKENS for w in words)


def _random_looking(text: str) -> bool:
    """A long string of letters and digits that reads as random: upper and lower case and
    digits, and about as varied as random text (hex digests, UUIDs and words are not)."""
    if not (any(c.isupper() for c in text) and any(c.islower() for c in text) and any(c.isdigit() for c in text)):
        return False
    counts = [text.count(c) for c in set(text)]
    entropy = -sum(n / len(text) * math.log2(n / len(text)) for n in counts)
    classes = [c.isupper() - c.islower() + 2 * c.isdigit() for c in text]
    runs = 1 + sum(a != b for a, b in pairwise(classes))  # random text changes case and digits often
    wordy = sum(len(w) for w in _CASE_WORDS.findall(text))  # words (camelCase, CONSTANTS) have runs of letters
    return entropy >= 4.3 and len(text) / runs < 2.2 and wordy < 0.55 * len(text)


def secret_kind(value: str, name: str = "") -> Word | None:
    """What secret ``value`` holds, or None: a password in a URL (any scheme), a token or key of
    a well-known shape (ghp_…, sk-…, xoxb-…, AKIA…, glpat-…, "Bearer …", a JWT, a private key),
    or a long random-looking string; or, given as ``name`` (a variable, header or ``--flag``),
    whatever a name such as ``API_KEY`` or ``GITHUB_PAT`` says is one (``a password``). A value
    that is only a ``${...}`` reference holds nothing yet."""
    if not value or VARIABLE.fullmatch(value.strip()):
        return None
    found = _URL_PASSWORD.search(value)
    if found and not found.group(1).startswith("$"):
        return Word("a password in a URL")
    for shape, what in _SECRET_SHAPES:
        if shape.search(value):
            return what
    if any(_random_looking(m) for m in _RANDOM_PART.findall(value)):
        return Word("what looks like a key (a long random string)")
    if name and looks_secret(name):
        return Word("a password")
    return None


def secret_argument(args: list[str], n: int) -> Word | None:
    """What secret the argument ``args[n]`` holds (see :func:`secret_kind`): by its value, as
    the value of a flag or variable whose name says secret (``--password X``, ``--api-key=X``,
    ``API_KEY=X`` as ``docker run -e`` and ``env`` take it; not ``--api-key-file`` or
    ``--auth-type``), never a path or a ``${...}`` reference."""
    arg = args[n]
    flag, value = "", arg
    if "=" in arg and (arg.startswith("-") or _ASSIGNMENT.match(arg)):
        flag, value = arg.split("=", 1)
    elif n > 0 and args[n - 1].startswith("-") and "=" not in args[n - 1] and not arg.startswith("-"):
        flag = args[n - 1]
    flag = flag.lstrip("-")
    words = [w.lower() for w in NAME_WORDS.findall(flag)]
    if (
        not flag
        or (words and words[-1] in _NOT_SECRET_FLAGS)
        or value.startswith(("/", "~", "./", "../", "$"))
        or "${" in value
    ):
        flag = ""
    return secret_kind(value, flag) or (secret_kind(arg) if value is not arg else None)


def secret_header(name: str, value: str) -> bool:
    """Whether the HTTP header ``name: value`` carries a secret: by its name (Authorization,
    Proxy-Authorization, Cookie, X-Api-Key, anything :func:`looks_secret` says), whatever the
    value, or by its value (:func:`secret_kind`: ``Bearer …``, a token of a known shape, a long
    random string), whatever the name."""
    return looks_secret(name) or secret_kind(value) is not None


def masked_url(url: str) -> str:
    """``url`` as a recording may show it: the value of each query parameter whose name
    :func:`looks_secret` (``api_key``, ``access_token``, ``auth``) or whose value has a secret's
    shape (:func:`secret_kind`: ``ghp_…``, a JWT, a long random string) and a password in the
    userinfo (or a user name with a secret's shape: a token) replaced by ``MASK``; everything
    else byte for byte as it was (order, encoding, empty and repeated parameters). Never for
    what is sent: only for what is recorded or shown."""
    try:
        parts = urlsplit(url)
    except ValueError:  # not a URL (a bad port, a stray bracket): judged as text
        return MASK if secret_kind(url) else url
    netloc = parts.netloc
    user, at, host = netloc.rpartition("@")
    if at and ":" in user:
        netloc = f"{user.split(':', 1)[0]}:{MASK}@{host}"
    elif at and secret_kind(unquote_plus(user)) is not None:  # a token as the user (https://TOKEN@host)
        netloc = f"{MASK}@{host}"
    pairs = []
    for pair in parts.query.split("&") if parts.query else []:
        name, eq, value = pair.partition("=")
        if eq and value and (looks_secret(unquote_plus(name)) or secret_kind(unquote_plus(value)) is not None):
            pair = f"{name}={MASK}"
        pairs.append(pair)
    fragment = MASK if parts.fragment and secret_kind(unquote_plus(parts.fragment)) else parts.fragment
    shown = parts._replace(netloc=netloc, query="&".join(pairs), fragment=fragment)
    return url if shown == parts else urlunsplit(shown)


#: a URL inside a text (an exchange's detail, a failed request's words), without the punctuation after it
_URL_IN_TEXT = re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s'\"<>]*[^\s'\"<>.,;:!?)\]]")


def masked_urls_in(text: str) -> str:
    """``text`` with each URL in it as :func:`masked_url` shows it (a transport's own words
    about a request: ``POST http://…?api_key=… → 200 OK``)."""
    return _URL_IN_TEXT.sub(lambda m: masked_url(m.group()), text) if "://" in text else text


#: the keys of an HTTP link's data that hold a URL: recorded with its secrets masked (``?api_key=…``)
_URL_KEYS = ("url", "post_url", "endpoint", "location")


def masked_http(info: JsonObject) -> JsonObject:
    """An HTTP link's data as the recording keeps it: each URL with the secrets of its query
    masked (:func:`masked_url`), in its own member or in the ``failure`` words, only what is
    recorded (the request went as typed).
    An arrival's metadata is shared by a stream's messages: it is changed in place, once."""
    for key in _URL_KEYS:
        url = info.get(key)
        if isinstance(url, str) and ("?" in url or "@" in url or "#" in url):
            info[key] = masked_url(url)
    failure = info.get("failure")  # the transport's words, which may name the URL (a refused POST)
    if isinstance(failure, str) and "://" in failure:
        info["failure"] = masked_urls_in(failure)
    return info
