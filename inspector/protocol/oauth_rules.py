"""The authorization rules a server (resource or authorization server) can break, as data.

Theory of operation
-------------------
The OAuth modules (:mod:`.oauth_challenge`, :mod:`.oauth_discovery`, :mod:`.oauth_metadata`,
:mod:`.oauth_flow`) never raise for what a peer sent: each check returns :class:`AuthFinding`
values, a rule id of :data:`AUTH_RULES` with what was expected, what was found and where (plain
strings: a field name, a URL, a value). The rule carries the sentence (English; Chinese comes
through ``scripts/i18n.py`` like the rules of :mod:`.rules`), its severity and the spec section
that says so: the MCP page of the version first (``VERSION page#anchor``, the form the spec viewer
opens), then the RFC. The front-ends word a finding from these parts; nothing here is a message
for one screen.

Severity follows :class:`.rules.Severity`: ``ERROR`` means the flow cannot go on with what was
found (a MUST broken where the client MUST NOT use the data, or cannot), ``WARNING`` a SHOULD
broken or a MUST the client can work around, ``INFO`` a fact worth seeing (a fallback taken).
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Rule, Severity


@dataclass(frozen=True, slots=True)
class AuthFinding:
    """One rule of :data:`AUTH_RULES` raised: what was expected, what was found, and where
    (a URL, a header or a document's member); each may be empty."""

    rule_id: str
    expected: str = ""
    found: str = ""
    where: str = ""

    @property
    def rule(self) -> Rule:
        return AUTH_RULES[self.rule_id]

    @property
    def blocking(self) -> bool:
        """Whether the flow stops here (an ``ERROR`` rule)."""
        return AUTH_RULES[self.rule_id].severity is Severity.ERROR


_R = Rule
_S = Severity
_AZ = "basic/authorization"
_AZ_DISC = "2026-07-28 basic/authorization/authorization-server-discovery"
_AZ_SEC = "2026-07-28 basic/authorization/security-considerations"
_AZ_REG = "2026-07-28 basic/authorization/client-registration"

AUTH_RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        # --- the 401/403 challenge -------------------------------------------------------------
        _R(
            "auth.challenge-missing",
            _S.ERROR,
            "A 401 response without a WWW-Authenticate header; the server must send one, and MCP servers "
            "name their resource metadata in it.",
            f"2025-11-25 {_AZ}#protected-resource-metadata-discovery-requirements; RFC 9110 section 15.5.2",
        ),
        _R(
            "auth.challenge-malformed",
            _S.WARNING,
            "The WWW-Authenticate header does not follow the challenge grammar (an unclosed quote, a "
            "parameter without a value, a stray character); what could be read was kept.",
            f"2025-11-25 {_AZ}#protected-resource-metadata-discovery-requirements; RFC 9110 section 11.6.1",
        ),
        _R(
            "auth.challenge-duplicate-param",
            _S.WARNING,
            "A parameter appears twice in one challenge; each may appear at most once (the first was used).",
            f"2025-11-25 {_AZ}#protected-resource-metadata-discovery-requirements; RFC 6750 section 3; "
            "RFC 9110 section 11.2",
        ),
        _R(
            "auth.challenge-no-bearer",
            _S.ERROR,
            "The WWW-Authenticate header has no Bearer challenge; MCP access tokens are bearer tokens.",
            f"2025-11-25 {_AZ}#token-requirements; RFC 6750 section 3",
        ),
        _R(
            "auth.challenge-no-resource-metadata",
            _S.ERROR,
            "The 401's Bearer challenge has no resource_metadata parameter; in 2025-06-18 the server must "
            "name its Protected Resource Metadata there (later versions allow the well-known URI instead).",
            f"2025-06-18 {_AZ}#authorization-server-location; RFC 9728 section 5.1",
        ),
        _R(
            "auth.insufficient-scope-no-scope",
            _S.WARNING,
            "A 403 insufficient_scope challenge without a scope parameter; the server should name the scopes "
            "the request needs, so the client knows what to ask for.",
            f"2025-11-25 {_AZ}#runtime-insufficient-scope-errors; RFC 6750 section 3.1",
        ),
        # --- Protected Resource Metadata ----------------------------------------------------------
        _R(
            "auth.prm-missing",
            _S.ERROR,
            "No Protected Resource Metadata at any URL the client must try; MCP servers must publish it "
            "(from 2025-06-18). The client can only fall back to 2025-03-26's discovery or stop.",
            f"{_AZ_DISC}#protected-resource-metadata-discovery-requirements; RFC 9728 section 3",
        ),
        _R(
            "auth.prm-resource-mismatch",
            _S.ERROR,
            "The Protected Resource Metadata names another resource than the MCP server; its data must not be used.",
            f"2025-11-25 {_AZ}#canonical-server-uri; RFC 9728 section 3.3",
        ),
        _R(
            "auth.prm-resource-broader",
            _S.WARNING,
            "The Protected Resource Metadata's resource is a parent of the MCP server's URL (same origin), not "
            "the server's own URI; tokens will be asked for that broader resource.",
            f"2025-11-25 {_AZ}#canonical-server-uri; RFC 9728 section 3.3; RFC 8707 section 2",
        ),
        _R(
            "auth.prm-no-authorization-servers",
            _S.ERROR,
            "The Protected Resource Metadata lists no authorization server; MCP servers must list at least one.",
            f"{_AZ_DISC}#authorization-server-location; RFC 9728 section 2",
        ),
        _R(
            "auth.authorization-server-changed",
            _S.WARNING,
            "The Protected Resource Metadata no longer lists the authorization server the stored client "
            "credentials were issued by; they are not sent to another one, and the client registers anew.",
            f"{_AZ_REG}#authorization-server-binding; 2026-07-28 basic/authorization/authorization-server-discovery"
            "#authorization-server-location",
        ),
        # --- documents in general ----------------------------------------------------------------
        _R(
            "auth.metadata-not-json",
            _S.ERROR,
            "The metadata document is not a JSON object.",
            f"{_AZ_DISC}#authorization-server-metadata-discovery; RFC 8414 section 3.2; RFC 9728 section 3.2",
        ),
        _R(
            "auth.metadata-missing-field",
            _S.ERROR,
            "A member the metadata document must have is missing.",
            f"{_AZ_DISC}#authorization-server-metadata-discovery; RFC 8414 section 2; RFC 9728 section 2",
        ),
        _R(
            "auth.metadata-incomplete",
            _S.WARNING,
            "A member the metadata RFC requires is missing, though the flow can go on without it.",
            f"{_AZ_DISC}#authorization-server-metadata-discovery; RFC 8414 section 2",
        ),
        _R(
            "auth.metadata-field-type",
            _S.WARNING,
            "A metadata member has the wrong type (a string where a list of strings belongs, or the "
            "reverse); it was ignored.",
            f"{_AZ_DISC}#authorization-server-metadata-discovery; RFC 8414 section 2; RFC 9728 section 2",
        ),
        # --- Authorization Server Metadata ----------------------------------------------------------
        _R(
            "auth.as-metadata-missing",
            _S.ERROR,
            "No authorization server metadata at any URL the client must try (RFC 8414, then OpenID Connect "
            "discovery); authorization servers must provide one of them.",
            f"{_AZ_DISC}#authorization-server-metadata-discovery; RFC 8414 section 3.1",
        ),
        _R(
            "auth.default-endpoints",
            _S.INFO,
            "No authorization server metadata: the client uses 2025-03-26's default endpoints (/authorize, "
            "/token, /register at the server's origin), as that version says.",
            f"2025-03-26 {_AZ}#fallbacks-for-servers-without-metadata-discovery",
        ),
        _R(
            "auth.issuer-mismatch",
            _S.ERROR,
            "The metadata's issuer is not identical to the issuer the discovery URL was built from; the "
            "client must not use this metadata.",
            f"{_AZ_DISC}#authorization-server-metadata-discovery; RFC 8414 section 3.3",
        ),
        _R(
            "auth.no-pkce-advertised",
            _S.ERROR,
            "The authorization server metadata has no code_challenge_methods_supported: it does not say it "
            "supports PKCE, and from 2025-11-25 the client must refuse to go on.",
            f"{_AZ_SEC}#authorization-code-protection; RFC 8414 section 2",
        ),
        _R(
            "auth.no-pkce-advertised-legacy",
            _S.WARNING,
            "The authorization server metadata has no code_challenge_methods_supported; PKCE is required, "
            "so the client sends S256 anyway (versions before 2025-11-25 do not ask the client to refuse).",
            f"2025-06-18 {_AZ}#authorization-code-protection; RFC 8414 section 2",
        ),
        _R(
            "auth.no-s256",
            _S.ERROR,
            "The authorization server does not list S256 in code_challenge_methods_supported; MCP clients "
            "must use S256, so the flow stops.",
            f"{_AZ_SEC}#authorization-code-protection; RFC 7636 section 4.2",
        ),
        _R(
            "auth.no-code-response-type",
            _S.ERROR,
            'The authorization server\'s response_types_supported does not include "code"; the '
            "authorization code flow is not offered.",
            f"2025-11-25 {_AZ}#authorization-flow-steps; RFC 8414 section 2",
        ),
        _R(
            "auth.grant-not-supported",
            _S.ERROR,
            "The authorization server's grant_types_supported does not include the grant the client needs.",
            f"2025-11-25 {_AZ}#authorization-flow-steps; RFC 8414 section 2",
        ),
        _R(
            "auth.no-client-auth-method",
            _S.ERROR,
            "None of the token endpoint's client authentication methods (token_endpoint_auth_methods_"
            "supported) is one the client can use with the credentials it has.",
            "2025-11-25 basic/authorization#client-registration-approaches; RFC 8414 section 2",
        ),
        _R(
            "auth.endpoint-not-https",
            _S.ERROR,
            "An authorization server endpoint is not HTTPS; all of them must be (loopback addresses are "
            "allowed for development).",
            f"{_AZ_SEC}#communication-security; OAuth 2.1 section 1.5",
        ),
        _R(
            "auth.no-registration",
            _S.ERROR,
            "No way to get a client id: none pre-registered, the authorization server supports neither "
            "Client ID Metadata Documents nor dynamic registration; the user must enter a client id.",
            f"{_AZ_REG}; 2025-11-25 {_AZ}#client-registration-approaches",
        ),
        _R(
            "auth.registration-failed",
            _S.ERROR,
            "Dynamic client registration did not give a client id (an error, or an answer without client_id).",
            f"{_AZ_REG}#dynamic-client-registration; RFC 7591 section 3.2",
        ),
        # --- a Client ID Metadata Document (the user's https client id) ------------------------------
        _R(
            "auth.cimd-unreadable",
            _S.ERROR,
            "The Client ID Metadata Document at the client id's URL could not be read as a JSON object (no "
            "answer, a status other than 200, or a body that is no JSON object); the authorization server "
            "cannot read it either.",
            f"{_AZ_REG}#client-id-metadata-documents; draft-ietf-oauth-client-id-metadata-document-00 section 4",
        ),
        _R(
            "auth.cimd-missing-field",
            _S.ERROR,
            "The Client ID Metadata Document lacks a member it must have (client_id, client_name, "
            "redirect_uris), or has it with the wrong type.",
            f"{_AZ_REG}#client-id-metadata-documents; draft-ietf-oauth-client-id-metadata-document-00 section 4.1",
        ),
        _R(
            "auth.cimd-client-id-mismatch",
            _S.ERROR,
            "The Client ID Metadata Document's client_id is not exactly the URL it was fetched from; the "
            "authorization server must refuse it.",
            f"{_AZ_REG}#client-id-metadata-documents; draft-ietf-oauth-client-id-metadata-document-00 section 4.1",
        ),
        _R(
            "auth.cimd-redirect-uri",
            _S.ERROR,
            "None of the Client ID Metadata Document's redirect_uris is the loopback redirect URI the flow "
            "uses (on a loopback IP address only the port may differ); the authorization server must refuse "
            "the authorization request.",
            f"{_AZ_REG}#client-id-metadata-documents; draft-ietf-oauth-client-id-metadata-document-00 section "
            "4.5; RFC 8252 section 7.3",
        ),
        _R(
            "auth.cimd-client-auth",
            _S.ERROR,
            "The Client ID Metadata Document names a token endpoint authentication the inspector cannot use: a "
            "shared secret is not allowed in such a document, and private_key_jwt is allowed but not "
            "supported here (only none, a public client).",
            f"{_AZ_REG}#client-id-metadata-documents; draft-ietf-oauth-client-id-metadata-document-00 "
            "sections 4.1 and 6.2",
        ),
        _R(
            "auth.cimd-too-large",
            _S.WARNING,
            "The Client ID Metadata Document is larger than 5 kilobytes, the most authorization servers are "
            "advised to read; some may refuse it.",
            f"{_AZ_REG}#client-id-metadata-documents; draft-ietf-oauth-client-id-metadata-document-00 section 6.6",
        ),
        # --- the redirect back ----------------------------------------------------------------------
        _R(
            "auth.state-mismatch",
            _S.ERROR,
            "The authorization response's state is missing or differs from the one sent; the result must be discarded.",
            f"{_AZ_SEC}#open-redirection; OAuth 2.1 section 4.1.2",
        ),
        _R(
            "auth.iss-mismatch",
            _S.ERROR,
            "The authorization response's iss is not the issuer the request was sent to (a mix-up attack or "
            "a misconfigured server); the code must not be used and its error not shown.",
            "2026-07-28 basic/authorization#authorization-response-validation; RFC 9207 section 2.4",
        ),
        _R(
            "auth.iss-missing",
            _S.ERROR,
            "The authorization server advertises authorization_response_iss_parameter_supported but its "
            "response has no iss; the response must be rejected.",
            "2026-07-28 basic/authorization#authorization-response-validation; RFC 9207 section 2.4",
        ),
        _R(
            "auth.authorization-error",
            _S.ERROR,
            "The authorization server redirected back with an error instead of a code.",
            "2025-11-25 basic/authorization#authorization-flow-steps; OAuth 2.1 section 4.1.2.1",
        ),
        _R(
            "auth.no-code",
            _S.ERROR,
            "The authorization response has neither a code nor an error.",
            "2025-11-25 basic/authorization#authorization-flow-steps; OAuth 2.1 section 4.1.2",
        ),
        # --- the token response ---------------------------------------------------------------------
        _R(
            "auth.token-error",
            _S.ERROR,
            "The token endpoint answered with an error.",
            "2025-11-25 basic/authorization#authorization-flow-steps; OAuth 2.1 section 3.2.4",
        ),
        _R(
            "auth.token-response-invalid",
            _S.ERROR,
            "The token response is not a JSON object with access_token and token_type.",
            "2025-11-25 basic/authorization#token-requirements; OAuth 2.1 section 3.2.3",
        ),
        _R(
            "auth.token-type-not-bearer",
            _S.ERROR,
            "The token response's token_type is not Bearer; MCP clients send bearer tokens.",
            "2025-11-25 basic/authorization#token-requirements; RFC 6750 section 6.1.1",
        ),
        _R(
            "auth.scope-not-granted",
            _S.WARNING,
            "The token was granted fewer scopes than were asked for; requests needing the others will get "
            "403 insufficient_scope.",
            "2025-11-25 basic/authorization#scope-selection-strategy; OAuth 2.1 section 3.2.3",
        ),
        _R(
            "auth.token-audience",
            _S.WARNING,
            "The access token is a JWT whose aud claim does not name the MCP server's resource; the server "
            "must only accept tokens issued for it.",
            "2025-11-25 basic/authorization#token-audience-binding-and-validation; RFC 8707 section 2; "
            "RFC 9068 section 4",
        ),
    )
}
