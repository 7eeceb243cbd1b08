"""The Connection Doctor's network checks for a server at a URL. No Qt.

Theory of operation. Below any HTTP client, in order: the URL is read (the saved servers' own
judgement, :func:`~.profiles.url_problem`); the host name resolves (``getaddrinfo`` in a worker
thread: it blocks); a TCP connection opens to the first address that takes one, a refusal
(nothing listens) told apart from silence (timed out) and from the rest (no route); for https,
a TLS handshake verified against the trust store the session's HTTP client uses (httpx with
``trust_env``: ``SSL_CERT_FILE``, else ``SSL_CERT_DIR``, else certifi's bundle - not the
system's store, :func:`client_context`) says the certificate's subject, issuer and expiry, or
why it is not trusted from OpenSSL's verify code (self-signed, expired, not yet valid, another
name, an unknown issuer); a certificate that the system's store trusts but the client's bundle
does not (a company's CA, a proxy that inspects TLS) is said as such (``system-only``: the
session would fail where a browser succeeds, and SSL_CERT_FILE is the cure). When the
environment routes the URL through a proxy (as the session's httpx client will), the direct
connection says so and TLS is not tried. Then the rest is read off one real session
(:mod:`.doctor_run`). Each socket is closed before its check returns.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import ssl
import time
import urllib.request
from urllib.parse import urlsplit

import anyio
import certifi

from inspector.transport.base import HttpSpec

from .core import SessionOptions
from .doctor import HTTP_CHECKS, Check, Diagnosis, OnCheck, Run, Verdict, failed, passed, warned
from .profiles import url_problem
from .secrecy import masked_url, masked_urls_in

#: The longest wait for a name, a connection or a handshake, whatever the session's timeout.
NET_TIMEOUT = 10.0
#: OpenSSL's X509 verify codes -> the doctor's reason code.
VERIFY_REASONS = {
    18: "self-signed",  # X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT
    19: "self-signed",  # X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN
    10: "expired",  # X509_V_ERR_CERT_HAS_EXPIRED
    9: "not-yet-valid",  # X509_V_ERR_CERT_NOT_YET_VALID
    62: "wrong-name",  # X509_V_ERR_HOSTNAME_MISMATCH
    64: "wrong-name",  # X509_V_ERR_IP_ADDRESS_MISMATCH
    2: "unknown-issuer",  # X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT
    20: "unknown-issuer",  # X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY
    21: "unknown-issuer",  # X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE
}


async def diagnose_http(spec: HttpSpec, options: SessionOptions, on_check: OnCheck | None = None) -> Diagnosis:
    """The HTTP checks (see the module's theory and :mod:`.doctor`'s)."""
    from .doctor_run import run_http_session

    run = Run(HTTP_CHECKS, on_check)
    target = masked_url(spec.url.strip()) if spec.url.strip() else "(no URL)"
    wait = min(NET_TIMEOUT, options.connect_timeout)
    check = url_check(spec.url)
    if not run.add(check):
        return run.finish("http", target)
    parts = urlsplit(spec.url.strip())
    host, port = parts.hostname or "", parts.port or (443 if parts.scheme.lower() == "https" else 80)
    resolved, addresses = await resolve_check(host, port, wait)
    if not run.add(resolved):
        return run.finish("http", target)
    proxy = proxy_for(spec.url.strip())
    if proxy is not None:
        run.add(passed("connect", "proxied", proxy=masked_url(proxy)))
        run.add(Check("tls", Verdict.SKIPPED, "proxied", {"proxy": masked_url(proxy)}))
    else:
        connected, address = await connect_check(addresses, port, wait)
        if not run.add(connected):
            return run.finish("http", target)
        if parts.scheme.lower() != "https":
            run.add(Check("tls", Verdict.SKIPPED, "not-https"))
        elif not run.add(await tls_check(address, port, host, spec.verify_tls, wait)):
            return run.finish("http", target)
    run.add(*await run_http_session(spec, options))
    return run.finish("http", target)


def url_check(url: str) -> Check:
    problem = url_problem(url)
    if problem is not None:  # the URL as a recording shows it: a password or an api_key in it masked
        values = {k: masked_urls_in(str(v)) for k, v in problem.values.items()}
        return failed("url", problem.code, problem=masked_urls_in(str(problem)), **values)
    parts = urlsplit(url.strip())
    port = parts.port or (443 if parts.scheme.lower() == "https" else 80)
    return passed(
        "url", "ok", scheme=parts.scheme.lower(), host=parts.hostname or "", port=str(port), path=parts.path or "/"
    )


def proxy_for(url: str) -> str | None:
    """The proxy the environment names for ``url`` (as httpx's ``trust_env`` reads it), or None."""
    parts = urlsplit(url)
    proxies = urllib.request.getproxies()
    proxy = proxies.get(parts.scheme.lower()) or proxies.get("all")
    if not proxy or urllib.request.proxy_bypass(parts.netloc):
        return None
    return proxy


async def resolve_check(host: str, port: int, wait: float) -> tuple[Check, list[str]]:
    """The host's addresses (an IP literal is its own)."""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        pass
    else:
        return passed("resolve", "literal", host=host), [host]
    try:
        with anyio.fail_after(wait):
            infos = await anyio.to_thread.run_sync(
                lambda: socket.getaddrinfo(host, port, type=socket.SOCK_STREAM), abandon_on_cancel=True
            )
    except TimeoutError:
        return failed("resolve", "unknown", host=host, error=f"no answer within {wait:g} s"), []
    except OSError as exc:
        return failed("resolve", "unknown", host=host, error=str(exc.strerror or exc).rstrip(".")), []
    addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
    return passed("resolve", "resolved", host=host, addresses=", ".join(addresses)), addresses


def _connect(address: str, port: int, wait: float) -> float:
    began = time.monotonic()
    with socket.create_connection((address, port), timeout=wait):
        return time.monotonic() - began


async def connect_check(addresses: list[str], port: int, wait: float) -> tuple[Check, str]:
    """A TCP connection to the first address that takes one; else why the first did not."""
    first: Check | None = None
    for address in addresses[:4]:
        values = {"address": address, "port": str(port)}
        try:
            took = await anyio.to_thread.run_sync(_connect, address, port, wait, abandon_on_cancel=True)
        except ConnectionRefusedError:
            outcome = failed("connect", "refused", **values)
        except TimeoutError:
            outcome = failed("connect", "timed-out", seconds=f"{wait:g}", **values)
        except OSError as exc:
            outcome = failed("connect", "unreachable", error=str(exc.strerror or exc).rstrip("."), **values)
        else:
            return passed("connect", "connected", ms=f"{took * 1000:.0f}", **values), address
        first = first or outcome
    assert first is not None
    return first, addresses[0] if addresses else ""


async def _system_trusts(address: str, port: int, host: str, wait: float) -> bool:
    """Whether the system's trust store verifies the server's certificate (a second handshake)."""
    try:
        await anyio.to_thread.run_sync(_handshake, address, port, host, wait, system_context(), abandon_on_cancel=True)
    except (ssl.SSLError, OSError):
        return False
    return True


def _name(parts: object) -> str:
    """A certificate name (``getpeercert``'s tuple of RDNs) as ``CN=…, O=…``."""
    out = []
    if isinstance(parts, tuple):
        for rdn in parts:
            for key, value in rdn:
                if key in ("commonName", "organizationName"):
                    out.append(f"{'CN' if key == 'commonName' else 'O'}={value}")
    return ", ".join(out) or "?"


def client_context() -> ssl.SSLContext:
    """The trust the session's HTTP client verifies with (as httpx makes it with ``trust_env``)."""
    if os.environ.get("SSL_CERT_FILE"):
        return ssl.create_default_context(cafile=os.environ["SSL_CERT_FILE"])
    if os.environ.get("SSL_CERT_DIR"):
        return ssl.create_default_context(capath=os.environ["SSL_CERT_DIR"])
    return ssl.create_default_context(cafile=certifi.where())


def system_context() -> ssl.SSLContext:
    """The system's trust store (OpenSSL's default paths): what a browser or curl would trust."""
    return ssl.create_default_context()


def _handshake(
    address: str, port: int, host: str, wait: float, context: ssl.SSLContext
) -> tuple[str, dict[str, object]]:
    with socket.create_connection((address, port), timeout=wait) as raw:
        with context.wrap_socket(raw, server_hostname=host) as tls:
            return tls.version() or "TLS", dict(tls.getpeercert() or {})


async def tls_check(address: str, port: int, host: str, verify: bool, wait: float) -> Check:
    """The TLS handshake, verified against the trust the session's client uses (and, when that
    fails, the system's, to tell a certificate only the system trusts)."""
    try:
        protocol, cert = await anyio.to_thread.run_sync(
            _handshake, address, port, host, wait, client_context(), abandon_on_cancel=True
        )
    except ssl.SSLCertVerificationError as exc:
        reason = str(exc.verify_message or exc.reason or exc).rstrip(".")
        code = VERIFY_REASONS.get(exc.verify_code, "untrusted")
        if not verify:
            return warned("tls", "not-verified", reason=reason, why=code, host=host)
        if code in ("self-signed", "unknown-issuer", "untrusted") and await _system_trusts(address, port, host, wait):
            return failed("tls", "system-only", reason=reason, host=host, verify_code=str(exc.verify_code))
        return failed("tls", code, reason=reason, host=host, verify_code=str(exc.verify_code))
    except (ssl.SSLError, OSError) as exc:
        error = str(getattr(exc, "reason", None) or exc.strerror or exc).rstrip(".")
        return failed("tls", "handshake", error=error, host=host)
    return passed(
        "tls",
        "verified",
        protocol=protocol,
        subject=_name(cert.get("subject")),
        issuer=_name(cert.get("issuer")),
        expires=str(cert.get("notAfter") or "?"),
    )
