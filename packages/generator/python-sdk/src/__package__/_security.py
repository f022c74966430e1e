# The document's security schemes as the runtime acts on them, as in the TypeScript SDK: each
# call carries the credentials its operation's `security` asks for (the first alternative
# whose every scheme has a credential; every scheme of that alternative), and an operation
# that asks for none, or whose credentials were not given, is sent none. OAuth 2.0 client
# credentials are fetched once, kept until shortly before `expires_in`, and fetched again
# after that or after a 401. No secret is ever part of an error's message.
from __future__ import annotations

import base64
import json
import ssl
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence, Union, cast

from ._runtime import AuthenticationError, json_object

#: A token, or a function the client calls for one (and again, once, after a 401).
TokenSource = Union[str, Callable[[], str]]


@dataclass
class OAuth2ClientCredentials:
    """OAuth 2.0 client credentials: the client fetches its token from the token endpoint."""

    client_id: str
    client_secret: str
    #: Scopes to ask for; by default every scope the document's flow declares.
    scopes: Optional[Sequence[str]] = None
    #: The token endpoint; by default the document's tokenUrl.
    token_url: Optional[str] = None
    #: How the client authenticates to the endpoint: "basic" (HTTP basic, the default) or "body".
    client_authentication: str = "basic"


@dataclass
class Authorization:
    """What one attempt carries: headers, query parameters and cookies to add."""

    headers: dict[str, str] = field(default_factory=dict[str, str])
    query: list[tuple[str, str]] = field(default_factory=list[tuple[str, str]])
    cookies: list[tuple[str, str]] = field(default_factory=list[tuple[str, str]])
    refreshers: list[Callable[[], None]] = field(default_factory=list[Callable[[], None]])

    @property
    def refreshable(self) -> bool:
        return bool(self.refreshers)

    def refresh(self) -> None:
        """New tokens for the ones this attempt carried, after a 401."""
        for refresher in self.refreshers:
            refresher()

    def apply(self, url: str, headers: Mapping[str, str]) -> tuple[str, dict[str, str]]:
        """The URL and headers of the attempt: the request's own, with the credentials added."""
        sent = {**headers, **self.headers}
        if self.cookies:
            own = [value for name, value in headers.items() if name.lower() == "cookie"]
            sent = {name: value for name, value in sent.items() if name.lower() != "cookie"}
            sent["cookie"] = "; ".join([*own, *(f"{name}={value}" for name, value in self.cookies)])
        if self.query:
            url += ("&" if "?" in url else "?") + urllib.parse.urlencode(self.query)
        return url, sent


class _Tokens:
    """A token source: a fixed token, or a function called for the first token and after a 401."""

    def __init__(self, source: TokenSource) -> None:
        self._source = source
        self._token: Optional[str] = source if isinstance(source, str) else None
        self.refreshable = not isinstance(source, str)

    def current(self) -> str:
        if self._token is None and not isinstance(self._source, str):
            self._token = self._source()
        return self._token or ""

    def refresh(self, rejected: str) -> None:
        if not isinstance(self._source, str) and self._token == rejected:
            self._token = self._source()


class _ClientCredentialsTokens:
    """OAuth 2.0 client credentials (RFC 6749 §4.4), one token shared by every call."""

    refreshable = True

    def __init__(
        self,
        credentials: OAuth2ClientCredentials,
        token_url: str,
        scopes: Sequence[str],
        base_url: str,
        timeout: float,
        ssl_context: Optional[ssl.SSLContext],
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self._credentials = credentials
        self._url = urllib.parse.urljoin(base_url.rstrip("/") + "/", credentials.token_url or token_url)
        self._scopes = list(credentials.scopes if credentials.scopes is not None else scopes)
        self._timeout = timeout
        self._ssl_context = ssl_context
        self._now = now
        self._token: Optional[str] = None
        self._usable_until = 0.0
        self._lock = threading.Lock()

    def _fresh(self) -> Optional[str]:
        return self._token if self._token is not None and self._now() < self._usable_until else None

    def current(self) -> str:
        with self._lock:
            return self._fresh() or self._fetch()

    def refresh(self, rejected: str) -> None:
        with self._lock:
            fresh = self._fresh()
            if fresh is None or fresh == rejected:
                self._fetch()

    def _fetch(self) -> str:
        credentials = self._credentials
        form = {"grant_type": "client_credentials"}
        if self._scopes:
            form["scope"] = " ".join(self._scopes)
        headers = {"content-type": "application/x-www-form-urlencoded", "accept": "application/json"}
        if credentials.client_authentication == "body":
            form.update(client_id=credentials.client_id, client_secret=credentials.client_secret)
        else:
            # RFC 6749 §2.3.1: each part form-encoded, then joined and encoded as HTTP basic.
            pair = f"{urllib.parse.quote_plus(credentials.client_id)}:{urllib.parse.quote_plus(credentials.client_secret)}"
            headers["authorization"] = "Basic " + base64.b64encode(pair.encode("utf-8")).decode("ascii")
        request = urllib.request.Request(self._url, data=urllib.parse.urlencode(form).encode("ascii"), method="POST", headers=headers)
        status: Optional[int] = None
        try:
            try:
                with urllib.request.urlopen(request, timeout=self._timeout, context=self._ssl_context) as answer:  # noqa: S310
                    status, raw = answer.status, answer.read()
            except urllib.error.HTTPError as answer:
                status, raw = answer.code, answer.read()
        except OSError:
            # The cause is not chained: it could name the request, never the secret, but says nothing more.
            raise AuthenticationError("The token endpoint could not be reached; no request was sent.", code="token_request_failed") from None
        try:
            body = json_object(json.loads(raw.decode("utf-8")))
        except ValueError:
            body = {}
        token = body.get("access_token")
        if status is None or not 200 <= status < 300 or not isinstance(token, str):
            # The OAuth error code only: the endpoint's free text may echo what it was sent.
            code = body.get("error")
            named = f" ({code})" if isinstance(code, str) and code.isascii() and code.isprintable() and len(code) <= 64 else ""
            what = "no access_token" if status is not None and 200 <= status < 300 else f"status {status}{named}"
            raise AuthenticationError(f"The token endpoint answered {what}; no request was sent.", code="token_request_failed", status=status)
        expires_in = body.get("expires_in")
        lifetime = float(expires_in) if isinstance(expires_in, (int, float)) and not isinstance(expires_in, bool) and expires_in > 0 else None
        self._token = token
        # Used until shortly before it expires: 30 s before, or half its life when that is shorter.
        self._usable_until = float("inf") if lifetime is None else self._now() + lifetime - min(30.0, lifetime / 2)
        return token


def _token_source(name: str, credential: object) -> TokenSource:
    """A bearer scheme's credential: a token, or a function that returns one."""
    if isinstance(credential, str):
        return credential
    if callable(credential):
        # The keyword's type (TokenSource) held the caller to a function that returns a str.
        return cast("Callable[[], str]", credential)
    raise TypeError(f"The credential of {name} is a token, or a function that returns one.")


class Authorizer:
    """The credentials of each operation, from the document's schemes and the user's credentials."""

    def __init__(
        self,
        schemes: Mapping[str, Mapping[str, Any]],
        operations: Mapping[str, Mapping[str, Sequence[Sequence[str]]]],
        credentials: Mapping[str, Any],
        *,
        base_url: str,
        timeout: float,
        ssl_context: Optional[ssl.SSLContext],
    ) -> None:
        self._operations = operations
        self._apply: dict[str, Callable[[Authorization], None]] = {}
        for name, scheme in schemes.items():
            credential = credentials.get(name)
            if credential is not None:
                self._apply[name] = self._applier(name, scheme, credential, base_url, timeout, ssl_context)

    @staticmethod
    def _applier(
        name: str,
        scheme: Mapping[str, Any],
        credential: Any,
        base_url: str,
        timeout: float,
        ssl_context: Optional[ssl.SSLContext],
    ) -> Callable[[Authorization], None]:
        kind = scheme["type"]
        if kind == "basic":
            username, password = credential
            value = "Basic " + base64.b64encode(f"{username}:{password}".encode("utf-8")).decode("ascii")
            return lambda into: into.headers.__setitem__("authorization", value)
        if kind == "apiKey":
            if not isinstance(credential, str):
                raise TypeError(f"The credential of {name} is the API key, a string.")
            where, key_name = scheme["in"], str(scheme["name"])
            if where == "header":
                return lambda into: into.headers.__setitem__(key_name.lower(), credential)
            return lambda into: (into.query if where == "query" else into.cookies).append((key_name, credential))
        if kind == "mutualTLS":
            # The client certificate is the ssl_context's, presented on every connection.
            return lambda into: None
        tokens: Union[_Tokens, _ClientCredentialsTokens]
        if kind == "oauth2ClientCredentials" and isinstance(credential, OAuth2ClientCredentials):
            tokens = _ClientCredentialsTokens(credential, str(scheme["tokenUrl"]), list(scheme["scopes"]), base_url, timeout, ssl_context)
        else:
            tokens = _Tokens(_token_source(name, credential))

        def bearer(into: Authorization) -> None:
            token = tokens.current()
            into.headers["authorization"] = f"Bearer {token}"
            if tokens.refreshable:
                into.refreshers.append(lambda: tokens.refresh(token))

        return bearer

    def authorize(self, method: str, path: str) -> Optional[Authorization]:
        """The credentials of one attempt, or None when the operation is sent none."""
        alternatives = self._operations.get(path, {}).get(method.lower(), [])
        chosen = next((names for names in alternatives if names and all(name in self._apply for name in names)), None)
        if chosen is None:
            return None
        authorization = Authorization()
        for name in chosen:
            self._apply[name](authorization)
        return authorization
