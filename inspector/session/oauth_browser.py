"""The authorization step of an OAuth sign-in: the system browser, or the redirects followed.

Theory of operation
-------------------
The authorization URL must reach an authorization server that asks the user, and the answer must
come back to the flow's loopback redirect (:mod:`.oauth_redirect`). :func:`browse` does that in
one of two ways:

* ``"system"``: the URL is announced (the caller's ``announce``: the probe prints it, so a user
  without a browser can paste it) and ``webbrowser.open`` is called in a worker thread (a
  ``BROWSER`` command may run until it exits), while the flow waits ``wait`` seconds for the
  redirect; no redirect in time stops the flow at step ``authorize``. The browser's request to
  the loopback redirect is recorded as the ``redirect`` exchange (the listener's side of it).
* ``"follow"`` (the probe's ``--no-browser``): the flow GETs the URL itself and follows each
  redirect (``Location`` resolved against the URL it came from), every hop recorded as an
  exchange (``authorize`` first, ``redirect`` after), at most :data:`MAX_HOPS`, until one lands
  on the loopback redirect. An answer that is no redirect (a login page: a person is needed)
  stops the flow at step ``authorize`` with its status.

:class:`FlowStopped` is how every step of the flow says it cannot go on (the step's name and why,
in English); the driver turns it into a ``failed`` record and its result. :func:`spec_section`
names the spec section of each exchange's purpose for the version in use.
"""

from __future__ import annotations

import sys
import webbrowser
from collections.abc import Callable
from urllib.parse import urljoin

import anyio

from .oauth_exchange import EVENT, Answer, FlowHttp, Note, masked_flow_url
from .oauth_redirect import RedirectListener

#: At most this many hops are followed from the authorization URL (``browser="follow"``).
MAX_HOPS = 10
_REDIRECTS = (301, 302, 303, 307, 308)


class FlowStopped(Exception):
    """The flow cannot go on: ``step`` names the step, ``reason`` says why (English)."""

    def __init__(self, step: str, reason: str) -> None:
        super().__init__(reason)
        self.step, self.reason = step, reason


def spec_section(purpose: str, version: str) -> str:
    """The spec section (``VERSION page#anchor``) of a flow exchange's purpose."""
    if purpose == "client-credentials":
        return "2026-07-28 extensions/auth/oauth-client-credentials"
    modern = version == "2026-07-28"
    page = f"{version} basic/authorization"
    if purpose == "registration":
        return f"{page}{'/client-registration' if modern else ''}#dynamic-client-registration"
    if purpose == "redirect" and modern:
        return f"{page}#authorization-response-validation"
    if purpose == "refresh" and modern:
        return f"{page}#refresh-tokens"
    if purpose == "challenge" and version != "2025-03-26":
        return f"{page}#authorization-server-discovery"
    return f"{page}#authorization-flow-steps"


def announce_url(url: str) -> None:
    """The default announcement: the URL on stderr."""
    sys.stderr.write(f"Open this URL in a browser to sign in:\n{url}\n")
    sys.stderr.flush()


def no_answer(step: str, answer: Answer) -> None:
    """Stop at ``step`` when the exchange got no answer at all."""
    if answer.status is None:
        raise FlowStopped(step, f"no answer: {answer.said()}")


async def browse(
    http: FlowHttp,
    url: str,
    listener: RedirectListener,
    version: str,
    how: str,
    wait: float,
    note: Note,
    announce: Callable[[str], None] | None = None,
) -> str:
    """The authorization response's query as the loopback redirect received it."""
    if how == "follow":
        await follow(http, url, listener, version)
        return await listener.wait(min(wait, http.timeout))
    (announce or announce_url)(url)
    note(
        f"the system browser opens the authorization URL; waiting up to {wait:g} s for the redirect",
        {"event": EVENT, "step": "browser", "url": masked_flow_url(url), "redirect_uri": listener.redirect_uri},
    )
    query: str | None = None
    async with anyio.create_task_group() as tg:
        tg.start_soon(_open_browser, url, note)
        try:
            query = await listener.wait(wait)
        except TimeoutError:
            pass
        tg.cancel_scope.cancel()
    if query is None:
        raise FlowStopped("authorize", f"no redirect came back within {wait:g} s")
    expected = "the browser sent to the loopback redirect URI with the authorization response"
    http.received("redirect", f"{listener.redirect_uri}?{query}", 200, expected, spec_section("redirect", version))
    return query


async def _open_browser(url: str, note: Note) -> None:
    opened = await anyio.to_thread.run_sync(webbrowser.open, url, abandon_on_cancel=True)
    if not opened:
        note("no browser could be opened: open the announced URL yourself", {"event": EVENT, "step": "browser"})


async def follow(http: FlowHttp, url: str, listener: RedirectListener, version: str) -> None:
    """GET ``url`` and follow its redirects until the loopback redirect has the answer."""
    expected = {
        "authorize": "a redirect (302) towards the redirect URI with code, state and iss",
        "redirect": "the loopback redirect URI reached with the authorization response",
    }
    for hop in range(MAX_HOPS + 1):
        purpose = "authorize" if hop == 0 else "redirect"
        answer = await http.send(purpose, "GET", url, expected=expected[purpose], spec=spec_section(purpose, version))
        no_answer("authorize", answer)
        if listener.query is not None:
            return
        location = answer.header("location")
        if answer.status not in _REDIRECTS or location is None:
            raise FlowStopped(
                "authorize",
                f"the authorization endpoint answered {answer.said()} and did not redirect to the loopback "
                "redirect (it may need a person: use the system browser)",
            )
        try:
            url = urljoin(url, location)
        except ValueError:  # "http://[::1" and the like
            raise FlowStopped("authorize", f"a redirect's Location is no URL: {masked_flow_url(location)}") from None
    raise FlowStopped("authorize", f"more than {MAX_HOPS} redirects without reaching the loopback redirect")
