// Real X.509 certificates for the mutual-TLS tests of every package, made at test time with the openssl
// command line (Node can read certificates but not build them): a CA, a server
// certificate for 127.0.0.1, client certificates signed by the CA, one expired, and one
// self-signed that no one trusts. EC P-256 keys, so the whole set takes well under a second.
import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface KeyPair {
  key: string;
  cert: string;
  /** As node:tls reports it: colon-separated upper-case hex. */
  fingerprint256: string;
}

export interface TestPki {
  ca: string;
  server: KeyPair;
  clientA: KeyPair;
  clientB: KeyPair;
  expired: KeyPair;
  untrusted: KeyPair;
}

export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), "pki-"));
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  const read = (name: string) => readFileSync(join(dir, name), "utf8");
  const newKey = (name: string) => openssl("ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", `${name}.key`);
  const pair = (name: string): KeyPair => ({
    key: read(`${name}.key`),
    cert: read(`${name}.crt`),
    fingerprint256: new X509Certificate(read(`${name}.crt`)).fingerprint256,
  });
  const signed = (name: string, subject: string, days: string, extensions?: string) => {
    newKey(name);
    openssl("req", "-new", "-key", `${name}.key`, "-subj", subject, "-out", `${name}.csr`);
    const extra = extensions ? (writeFileSync(join(dir, `${name}.ext`), extensions), ["-extfile", `${name}.ext`]) : [];
    openssl(
      "x509",
      "-req",
      "-in",
      `${name}.csr`,
      "-CA",
      "ca.crt",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-days",
      days,
      ...extra,
      "-out",
      `${name}.crt`,
    );
    return pair(name);
  };
  try {
    newKey("ca");
    openssl("req", "-x509", "-new", "-key", "ca.key", "-subj", "/CN=Signing Platform Test CA", "-days", "2", "-out", "ca.crt");
    newKey("untrusted");
    openssl("req", "-x509", "-new", "-key", "untrusted.key", "-subj", "/CN=Untrusted Client", "-days", "2", "-out", "untrusted.crt");
    return {
      ca: read("ca.crt"),
      server: signed("server", "/CN=127.0.0.1", "2", "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n"),
      clientA: signed("client-a", "/CN=Application A/O=Organization A", "2", "extendedKeyUsage=clientAuth\n"),
      clientB: signed("client-b", "/CN=Application B/O=Organization B", "2", "extendedKeyUsage=clientAuth\n"),
      // notAfter one day before notBefore: a certificate that has expired.
      expired: signed("expired", "/CN=Expired Client", "-1", "extendedKeyUsage=clientAuth\n"),
      untrusted: pair("untrusted"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
