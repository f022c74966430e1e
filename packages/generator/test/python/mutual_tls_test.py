# Mutual TLS from the generated Python SDK, run by ../python-sdk.test.ts against an HTTPS
# server on loopback that requires a client certificate signed by its CA and echoes the
# certificate's subject. MTLS_URL, CA, CERT and KEY (file paths) come from the environment.
import os
import ssl
import unittest

from acme_signing import Client, ConnectionError


def context(with_certificate):
    made = ssl.create_default_context(cafile=os.environ["CA"])
    if with_certificate:
        made.load_cert_chain(os.environ["CERT"], os.environ["KEY"])
    return made


class MutualTls(unittest.TestCase):
    def test_presents_the_client_certificate_with_the_token(self):
        client = Client(os.environ["MTLS_URL"], access_token="token-1", ssl_context=context(True))
        answer = client.certificates.retrieve("cert_1")
        self.assertEqual(answer["id"], "cert_1")
        self.assertEqual(answer["presented"], "Application A")
        self.assertEqual(answer["authorization"], "Bearer token-1")

    def test_refused_without_a_certificate_is_a_connection_error(self):
        waits = []
        client = Client(os.environ["MTLS_URL"], access_token="token-1", ssl_context=context(False), sleep=waits.append)
        with self.assertRaises(ConnectionError):
            client.certificates.retrieve("cert_1")
        # A read may be sent again: three retries, each after a full-jitter wait.
        self.assertEqual(len(waits), 3)


if __name__ == "__main__":
    unittest.main()
