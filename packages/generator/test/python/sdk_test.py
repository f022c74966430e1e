# The generated Python SDK against a running sandbox, over HTTP: run by
# ../python-sdk.test.ts in a fresh virtual environment where the SDK was installed without a
# network. SANDBOX_URL, TOKEN and SECRET come from the environment.
import hashlib
import hmac
import json
import os
import time
import unittest
import urllib.request

from acme_signing import (
    Client,
    NotFoundError,
    ServerError,
    ValidationError,
    WebhookVerificationError,
    construct_event,
    new_idempotency_key,
)

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
        self.client = Client(SANDBOX, access_token=TOKEN, sleep=self.waits.append)

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

    def test_503_is_retried_after_retry_after(self):
        client = Client(SANDBOX, access_token=TOKEN, sleep=self.waits.append, max_retries=2)
        with self.assertRaises(ServerError) as caught:
            client.transport.request("GET", "/certificates", headers={"Sandbox-Simulate-Error": "service_unavailable"})
        self.assertEqual(caught.exception.status, 503)
        self.assertEqual(len(client.transport.attempts), 3)
        self.assertEqual(self.waits, [1.0, 1.0])


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
