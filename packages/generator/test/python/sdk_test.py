# The generated Python SDK against a running sandbox, over HTTP: run by
# ../python-sdk.test.ts in a fresh virtual environment where the SDK was installed without a
# network. SANDBOX_URL, TOKEN and SECRET come from the environment.
import hashlib
import hmac
import http.server
import json
import os
import threading
import time
import unittest
import urllib.request
from email.utils import formatdate

from acme_signing import (
    ApiError,
    AuthenticationError,
    Client,
    ConflictError,
    GoneError,
    InvalidResponseError,
    NotFoundError,
    PermissionError,
    RateLimitError,
    RequestTimeoutError,
    RequestValidationError,
    ServerError,
    ValidationError,
    WebhookVerificationError,
    construct_event,
    new_idempotency_key,
)
import swagger_petstore
from acme_signing._runtime import retry_after_seconds

SANDBOX = os.environ["SANDBOX_URL"]
TOKEN = os.environ["TOKEN"]
EVIDENCE = {"identity_evidence": {"document_type": "passport", "issuing_office": "Passport Office, Kathmandu"}}


def control(path, body):
    request = urllib.request.Request(
        f"{SANDBOX}/_sandbox{path}",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"authorization": f"Bearer {TOKEN}", "content-type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


class GeneratedSdk(unittest.TestCase):
    def setUp(self):
        self.waits = []
        self.client = Client(SANDBOX, access_token=TOKEN, sleep=self.waits.append, etag_cache=True)

    def test_enrollment_replayed_with_its_key(self):
        key = new_idempotency_key()
        self.assertRegex(key, r"^[A-Za-z0-9]{32}$")
        first = self.client.enrollments.create(EVIDENCE, idempotency_key=key)
        again = self.client.enrollments.create(EVIDENCE, idempotency_key=key)
        self.assertEqual(first["id"], again["id"])
        other = self.client.enrollments.create(EVIDENCE)
        self.assertNotEqual(other["id"], first["id"])

    def test_list_iterates_every_item_across_pages(self):
        ids = control("/certificates", {"count": 7})["ids"]
        seen = [item["id"] for item in self.client.certificates.list(limit=2)]
        self.assertTrue(set(ids) <= set(seen))
        self.assertEqual(len(seen), len(set(seen)))

    def test_a_page_size_out_of_bounds_is_refused_before_sending(self):
        for limit in (0, 101, "10", True):
            with self.subTest(limit=limit), self.assertRaises(RequestValidationError) as caught:
                self.client.certificates.list(limit=limit)
            self.assertEqual(caught.exception.details[0]["field"], "limit")
        self.assertEqual(self.client.transport.attempts, [])

    def test_second_read_is_a_304_from_the_cache(self):
        [certificate_id] = control("/certificates", {"count": 1})["ids"]
        first = self.client.certificates.retrieve(certificate_id)
        second = self.client.certificates.retrieve(certificate_id)
        self.assertEqual(first, second)
        self.assertEqual([status for _, _, status in self.client.transport.attempts][-2:], [200, 304])

    def test_error_families(self):
        with self.assertRaises(NotFoundError) as caught:
            self.client.certificates.retrieve("cert_missing")
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "not_found"))
        self.assertRegex(caught.exception.request_id, r"^req_")
        with self.assertRaises(ValidationError) as caught:
            self.client.enrollments.create({"identity_evidence": {}})
        self.assertEqual(caught.exception.code, "enrollment_identity_incomplete")
        self.assertTrue(any(detail["field"].startswith("$.identity_evidence") for detail in caught.exception.details))

    def test_every_error_family_by_its_code(self):
        [certificate_id] = control("/certificates", {"count": 1})["ids"]
        client = Client(SANDBOX, access_token=TOKEN, sleep=self.waits.append, max_retries=0)
        families = {
            "bad_request": ValidationError,
            "unauthenticated": AuthenticationError,
            "capability_not_granted": PermissionError,
            "not_found": NotFoundError,
            "request_timeout": RequestTimeoutError,
            "conflict": ConflictError,
            "delivery_expired": GoneError,
            "payload_too_large": ValidationError,
            "policy_rejected": ValidationError,
            "rate_limited": RateLimitError,
            "internal_error": ServerError,
            "service_unavailable": ServerError,
        }
        for code, family in families.items():
            with self.subTest(code=code), self.assertRaises(ApiError) as caught:
                client.certificates.retrieve(certificate_id, headers={"Sandbox-Simulate-Error": code})
            self.assertIs(type(caught.exception), family)
            self.assertEqual(caught.exception.code, code)
            self.assertRegex(caught.exception.request_id or "", r"^req_")
        with self.assertRaises(RateLimitError) as caught:
            client.certificates.retrieve(certificate_id, headers={"Sandbox-Simulate-Error": "rate_limited"})
        self.assertIsNotNone(caught.exception.retry_after)

    def test_a_reused_key_with_another_body_is_a_conflict(self):
        key = new_idempotency_key()
        self.client.enrollments.create(EVIDENCE, idempotency_key=key)
        other = {"identity_evidence": {**EVIDENCE["identity_evidence"], "issuing_office": "Pokhara"}}
        with self.assertRaises(ConflictError) as caught:
            self.client.enrollments.create(other, idempotency_key=key)
        self.assertEqual((caught.exception.status, caught.exception.code), (409, "idempotency_key_reused"))

    def test_one_token_refresh_on_401(self):
        tokens = iter(["sk_expired_" + "x" * 24, TOKEN])
        asked = []

        def provider():
            asked.append(1)
            return next(tokens)

        [certificate_id] = control("/certificates", {"count": 1})["ids"]
        client = Client(SANDBOX, token_provider=provider, sleep=self.waits.append)
        self.assertEqual(client.certificates.retrieve(certificate_id)["id"], certificate_id)
        self.assertEqual(len(asked), 2)
        self.assertEqual([status for _, _, status in client.transport.attempts][:2], [401, 200])
        # Refreshed once only: a token refused twice is final.
        refused = Client(SANDBOX, token_provider=lambda: "sk_expired_" + "y" * 24, sleep=self.waits.append)
        with self.assertRaises(AuthenticationError):
            refused.certificates.retrieve("cert_x")
        self.assertEqual([status for _, _, status in refused.transport.attempts], [401, 401])

    def test_page_walk_under_concurrent_inserts(self):
        ids = control("/certificates", {"count": 6})["ids"]
        seen = []
        for item in self.client.certificates.list(limit=2):
            seen.append(item["id"])
            if len(seen) == 1:
                # Inserted while the walk is on its first page: nothing seen twice, nothing there before lost.
                control("/certificates", {"count": 5})
        self.assertEqual(len(seen), len(set(seen)))
        self.assertTrue(set(ids) <= set(seen))

    def test_503_is_retried_after_retry_after(self):
        client = Client(SANDBOX, access_token=TOKEN, sleep=self.waits.append, max_retries=2)
        with self.assertRaises(ServerError) as caught:
            client.transport.request("GET", "/certificates", headers={"Sandbox-Simulate-Error": "service_unavailable"})
        self.assertEqual(caught.exception.status, 503)
        self.assertEqual(len(client.transport.attempts), 3)
        self.assertEqual(self.waits, [1.0, 1.0])


class RetryAfter(unittest.TestCase):
    def test_seconds_and_http_dates(self):
        self.assertEqual(retry_after_seconds("7"), 7.0)
        now = time.time()
        self.assertAlmostEqual(retry_after_seconds(formatdate(now + 30, usegmt=True), now=now), 30, delta=1)
        self.assertEqual(retry_after_seconds(formatdate(now - 30, usegmt=True), now=now), 0.0)
        self.assertIsNone(retry_after_seconds("soon"))


class OwnServer(unittest.TestCase):
    """Against a server of the test's own, which records each request and answers errors of other shapes."""

    def setUp(self):
        self.seen = []
        seen = self.seen

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                seen.append(self.path)
                if self.path.startswith("/problem"):
                    status, answer = 400, {"type": "about:blank", "title": "Bad Request", "detail": "origin is not a UUID", "status": 400}
                else:
                    status, answer = 418, {"error": {"code": "brand_new_code", "message": "New.", "request_id": "req_new"}}
                body = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):
                # 503 with Retry-After: 0, then 500, then the resource: the same key every time.
                self.rfile.read(int(self.headers["content-length"]))
                keys.append(self.headers["idempotency-key"])
                status = [503, 500, 201][min(len(keys) - 1, 2)]
                body = json.dumps({"id": "enr_1"} if status == 201 else {"error": {"code": "service_unavailable", "message": "Later."}})
                self.send_response(status)
                self.send_header("content-type", "application/json")
                if status == 503:
                    self.send_header("retry-after", "0")
                self.end_headers()
                self.wfile.write(body.encode())

            def log_message(self, *args):
                pass

        self.keys = []
        keys = self.keys
        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.waits = []
        self.client = Client(f"http://127.0.0.1:{self.server.server_port}", access_token="t", sleep=self.waits.append)

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()

    def test_unknown_code_is_a_generic_api_error(self):
        with self.assertRaises(ApiError) as caught:
            self.client.certificates.retrieve("cert_1")
        self.assertIs(type(caught.exception), ApiError)
        self.assertEqual((caught.exception.status, caught.exception.code, caught.exception.request_id), (418, "brand_new_code", "req_new"))

    def test_a_write_is_retried_with_one_key(self):
        self.assertEqual(self.client.enrollments.create(EVIDENCE)["id"], "enr_1")
        self.assertEqual(len(self.keys), 3)
        self.assertEqual(len(set(self.keys)), 1)
        self.assertRegex(self.keys[0], r"^[A-Za-z0-9]{32}$")
        # After Retry-After's 0 s, then a full-jitter wait for the 500.
        self.assertEqual(self.waits[0], 0.0)
        self.assertEqual(len(self.waits), 2)

    def test_problem_details_of_another_api_give_the_message(self):
        client = swagger_petstore.Client(f"http://127.0.0.1:{self.server.server_port}")
        with self.assertRaises(swagger_petstore.ValidationError) as caught:
            client.transport.request("GET", "/problem")
        self.assertEqual((str(caught.exception), caught.exception.status, caught.exception.code), ("origin is not a UUID", 400, None))

    def test_a_body_not_the_error_body_of_an_api_with_a_catalogue_is_an_invalid_response(self):
        with self.assertRaises(InvalidResponseError) as caught:
            self.client.transport.request("GET", "/problem")
        self.assertEqual((caught.exception.status, caught.exception.code), (400, "invalid_response"))

    def test_query_values_as_a_form_writes_them(self):
        with self.assertRaises(ApiError):
            self.client.transport.request("GET", "/things", query={"tags": ["a b", "c"], "flag": True, "absent": None, "limit": 5})
        # A space is %20, as the TypeScript SDK sends it (RFC 3986), not the form encoding's "+".
        self.assertEqual(self.seen, ["/things?tags=a%20b&tags=c&flag=true&limit=5"])


class Webhooks(unittest.TestCase):
    secret = "whsec_" + "k" * 32

    def signed(self, body, timestamp=None, secret=None):
        t = int(time.time()) if timestamp is None else timestamp
        digest = hmac.new((secret or self.secret).encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
        return f"t={t},v1={digest}"

    def test_delivered_event_verifies(self):
        body = os.environ["DELIVERED_BODY"].encode()
        event = construct_event(body, os.environ["DELIVERED_SIGNATURE"], os.environ["SECRET"])
        self.assertEqual(event["object"], "event")

    def test_several_v1_and_several_secrets(self):
        body = b'{"id":"evt_1","object":"event","type":"ping"}'
        header = self.signed(body, secret="whsec_other") + "," + self.signed(body).split(",")[1]
        self.assertEqual(construct_event(body, header, ["whsec_none", self.secret])["id"], "evt_1")

    def test_rejects_tampered_stale_and_parsed(self):
        body = b'{"id":"evt_1","object":"event","type":"ping"}'
        header = self.signed(body)
        for bad_body, bad_header, code in [
            (body.replace(b"evt_1", b"evt_2"), header, "no_valid_signature"),
            (body, self.signed(body, timestamp=int(time.time()) - 301), "timestamp_out_of_tolerance"),
            (body, self.signed(body, timestamp=int(time.time()) + 301), "timestamp_out_of_tolerance"),
            (body, None, "missing_header"),
            (json.loads(body), header, "body_not_raw"),
        ]:
            with self.assertRaises(WebhookVerificationError) as caught:
                construct_event(bad_body, bad_header, self.secret)
            self.assertEqual(caught.exception.code, code)


if __name__ == "__main__":
    unittest.main()
