# The Python SDK of test/security/secured-document.ts against its loopback server: run by
# ../python-security-schemes.test.ts with the SDK on PYTHONPATH. SERVER_URL comes from the
# environment; /_control reads and sets the server's state (calls, token requests, revoked
# tokens, a refusing token endpoint).
import asyncio
import base64
import json
import os
import ssl
import time
import unittest
import urllib.request
from typing import Any

from secured_api import AsyncClient, AuthenticationError, Client, Hooks, OAuth2ClientCredentials, RequestHookEvent

SERVER = os.environ["SERVER_URL"]
SECRET = "client-s3cret"
BASIC = "Basic " + base64.b64encode("alice:pässwörd".encode("utf-8")).decode("ascii")
NOTHING: dict[str, Any] = {"authorization": None, "apiKey": None, "cookie": None, "query": {}}
# Every secret a hook could be shown, and the operations that carry them.
SECRETS = ["alice", BASIC[6:], "bearer-token", "header-key", "query-key", "cookie-key", "cc-token", "client-token", SECRET]
CARRYING = ["basic", "bearer", "hkey", "qkey", "ckey", "oauth", "both"]
RESOURCES = ["basic", "bearer", "hkey", "qkey", "ckey", "oauth", "authcode", "oidc", "mtls", "public", "either", "both", "fallback"]


def control(**change: Any) -> dict[str, Any]:
    request = urllib.request.Request(f"{SERVER}/_control", data=json.dumps(change).encode(), method="POST")
    with urllib.request.urlopen(request) as answer:
        state: dict[str, Any] = json.loads(answer.read())
        return state


def seen(path: str) -> dict[str, Any]:
    call = next(call for call in control()["calls"] if call["path"] == path)
    return {key: call.get(key) for key in NOTHING}


def credentials(**extra: Any) -> dict[str, Any]:
    return {
        "basic": ("alice", "pässwörd"),
        "bearer": "bearer-token",
        "api_key_header": "header-key",
        "api_key_query": "query-key",
        "api_key_cookie": "cookie-key",
        "oauth2_client_credentials": OAuth2ClientCredentials("client-1", SECRET),
        "oauth2_authorization_code": lambda: "authorization-code-token",
        "open_id_connect": lambda: "oidc-token",
        "ssl_context": ssl.create_default_context(),
        **extra,
    }


def every_credential(**extra: Any) -> Client:
    return Client(SERVER, **credentials(**extra))


def assert_no_credential(test: unittest.TestCase, events: list[RequestHookEvent]) -> None:
    """What on_request was told of the calls of CARRYING: every credential redacted."""
    text = json.dumps([[event.url, dict(event.headers)] for event in events])
    for secret in SECRETS:
        test.assertNotIn(secret, text)
    headers = {event.path: event.headers for event in events}
    test.assertEqual(headers["/basic"]["authorization"], "[redacted]")
    test.assertEqual(headers["/hkey"]["x-api-key"], "[redacted]")
    test.assertEqual(headers["/ckey"]["cookie"], "[redacted]")
    test.assertEqual(headers["/oauth"]["authorization"], "[redacted]")
    test.assertEqual(headers["/both"]["x-api-key"], "[redacted]")
    # The query's key is added to the URL sent, never to the URL told.
    test.assertEqual(next(event.url for event in events if event.path == "/qkey"), f"{SERVER}/qkey")


class SecuritySchemes(unittest.TestCase):
    def setUp(self) -> None:
        control(reset=True)

    def test_each_operation_gets_its_own_credential_only(self) -> None:
        client = every_credential()
        for resource in RESOURCES:
            getattr(client, resource).list()
        self.assertEqual(seen("/basic"), {**NOTHING, "authorization": BASIC})
        self.assertEqual(seen("/bearer"), {**NOTHING, "authorization": "Bearer bearer-token"})
        self.assertEqual(seen("/hkey"), {**NOTHING, "apiKey": "header-key"})
        self.assertEqual(seen("/qkey"), {**NOTHING, "query": {"api_key": "query-key"}})
        self.assertEqual(seen("/ckey"), {**NOTHING, "cookie": "session=cookie-key"})
        self.assertEqual(seen("/oauth"), {**NOTHING, "authorization": "Bearer cc-token-1"})
        self.assertEqual(seen("/authcode"), {**NOTHING, "authorization": "Bearer authorization-code-token"})
        self.assertEqual(seen("/oidc"), {**NOTHING, "authorization": "Bearer oidc-token"})
        self.assertEqual(seen("/mtls"), NOTHING)
        self.assertEqual(seen("/public"), NOTHING)
        self.assertEqual(seen("/either"), {**NOTHING, "apiKey": "header-key"})
        self.assertEqual(seen("/both"), {**NOTHING, "apiKey": "header-key", "query": {"api_key": "query-key"}})
        self.assertEqual(seen("/fallback"), {**NOTHING, "authorization": "Bearer bearer-token"})
        # The attempts the transport keeps name no query key.
        self.assertFalse(any("query-key" in url for _, url, _ in client.transport.attempts))

    def test_next_alternative_and_nothing_without_credentials(self) -> None:
        client = Client(SERVER, basic=("alice", "pässwörd"))
        client.either.list()
        client.hkey.list()
        client.bearer.list()
        self.assertEqual(seen("/either"), {**NOTHING, "authorization": BASIC})
        self.assertEqual(seen("/hkey"), NOTHING)
        self.assertEqual(seen("/bearer"), NOTHING)

    def test_hooks_are_shown_no_credential(self) -> None:
        events: list[RequestHookEvent] = []
        client = every_credential(access_token="client-token", hooks=Hooks(on_request=events.append))
        for resource in CARRYING:
            getattr(client, resource).list()
        self.assertEqual(seen("/hkey")["apiKey"], "header-key")
        assert_no_credential(self, events)

    def test_client_credentials_token_fetched_once_and_reused(self) -> None:
        client = every_credential()
        for _ in range(3):
            client.oauth.list()
        state = control()
        self.assertEqual(len(state["tokenRequests"]), 1)
        expected = "Basic " + base64.b64encode(f"client-1:{SECRET}".encode()).decode()
        self.assertEqual(state["tokenRequests"][0], {"form": {"grant_type": "client_credentials", "scope": "read write"}, "authorization": expected})
        self.assertEqual([call["authorization"] for call in state["calls"]], ["Bearer cc-token-1"] * 3)

    def test_client_credentials_in_the_form(self) -> None:
        credentials = OAuth2ClientCredentials("client-1", SECRET, scopes=["read"], client_authentication="body")
        every_credential(oauth2_client_credentials=credentials).oauth.list()
        self.assertEqual(
            control()["tokenRequests"][0]["form"],
            {"grant_type": "client_credentials", "scope": "read", "client_id": "client-1", "client_secret": SECRET},
        )

    def test_new_token_shortly_before_expiry(self) -> None:
        control(expiresIn=1)
        client = every_credential()
        client.oauth.list()
        client.oauth.list()
        self.assertEqual(len(control()["tokenRequests"]), 1)
        time.sleep(0.6)
        client.oauth.list()
        state = control()
        self.assertEqual(len(state["tokenRequests"]), 2)
        self.assertEqual([call["authorization"] for call in state["calls"]], ["Bearer cc-token-1", "Bearer cc-token-1", "Bearer cc-token-2"])

    def test_new_token_once_after_a_401(self) -> None:
        client = every_credential(sleep=lambda seconds: None)
        client.oauth.list()
        control(revoke="cc-token-1")
        self.assertEqual(client.oauth.list(), {"ok": True})
        state = control()
        self.assertEqual(len(state["tokenRequests"]), 2)
        self.assertEqual([call["authorization"] for call in state["calls"]], ["Bearer cc-token-1", "Bearer cc-token-1", "Bearer cc-token-2"])
        # A token callback is called again once after a 401.
        tokens = iter(["oidc-old", "oidc-new"])
        control(revoke="oidc-old")
        self.assertEqual(Client(SERVER, open_id_connect=lambda: next(tokens)).oidc.list(), {"ok": True})

    def test_refused_token_is_a_typed_error_without_the_secret(self) -> None:
        control(refuse=True)
        client = every_credential()
        with self.assertRaises(AuthenticationError) as raised:
            client.oauth.list()
        self.assertEqual(raised.exception.code, "token_request_failed")
        self.assertEqual(raised.exception.status, 401)
        self.assertEqual(str(raised.exception), "The token endpoint answered status 401 (invalid_client); no request was sent.")
        self.assertNotIn(SECRET, repr(raised.exception) + str(raised.exception.__cause__) + str(raised.exception.__context__))
        self.assertEqual(control()["calls"], [])
        control(refuse=False)
        self.assertEqual(client.oauth.list(), {"ok": True})


class AsyncSecuritySchemes(unittest.IsolatedAsyncioTestCase):
    def setUp(self) -> None:
        control(reset=True)

    async def test_the_async_client_sends_each_operation_its_own_credential_and_refreshes_once(self) -> None:
        async def no_wait(seconds: float) -> None:
            pass

        async with AsyncClient(SERVER, sleep=no_wait, **credentials()) as client:
            # At once, on one event loop: the token endpoint is asked once, off the loop.
            await asyncio.gather(*(getattr(client, resource).list() for resource in RESOURCES))
            self.assertEqual(seen("/basic"), {**NOTHING, "authorization": BASIC})
            self.assertEqual(seen("/qkey"), {**NOTHING, "query": {"api_key": "query-key"}})
            self.assertEqual(seen("/ckey"), {**NOTHING, "cookie": "session=cookie-key"})
            self.assertEqual(seen("/oauth"), {**NOTHING, "authorization": "Bearer cc-token-1"})
            self.assertEqual(seen("/oidc"), {**NOTHING, "authorization": "Bearer oidc-token"})
            self.assertEqual(seen("/public"), NOTHING)
            self.assertEqual(len(control()["tokenRequests"]), 1)
            control(revoke="cc-token-1")
            self.assertEqual(await client.oauth.list(), {"ok": True})
            self.assertEqual(len(control()["tokenRequests"]), 2)

    async def test_the_async_client_shows_hooks_no_credential(self) -> None:
        events: list[RequestHookEvent] = []
        async with AsyncClient(SERVER, access_token="client-token", hooks=Hooks(on_request=events.append), **credentials()) as client:
            for resource in CARRYING:
                await getattr(client, resource).list()
        assert_no_credential(self, events)


if __name__ == "__main__":
    unittest.main()
