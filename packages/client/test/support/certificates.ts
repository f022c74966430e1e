// A throwaway CA, a server certificate for 127.0.0.1 and a client certificate, made with the
// openssl command line for the mutual-TLS tests (real TLS, no mocks).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TestCertificates {
  ca: string;
  server: { cert: string; key: string };
  client: { cert: string; key: string };
}

export function makeTestCertificates(clientName = "app_1"): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), "client-mtls-"));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  const newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  try {
    openssl("req", "-x509", ...newKey, "-keyout", "ca.key", "-out", "ca.crt", "-days", "1", "-subj", "/CN=Test CA");
    const issue = (name: string, subject: string, extensions: string) => {
      writeFileSync(file(`${name}.ext`), extensions);
      openssl("req", ...newKey, "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", subject);
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
        "-out",
        `${name}.crt`,
        "-days",
        "1",
        "-extfile",
        `${name}.ext`,
      );
      return { cert: readFileSync(file(`${name}.crt`), "utf8"), key: readFileSync(file(`${name}.key`), "utf8") };
    };
    const server = issue("server", "/CN=localhost", "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n");
    const client = issue("client", `/CN=${clientName}`, "extendedKeyUsage=clientAuth\n");
    return { ca: readFileSync(file("ca.crt"), "utf8"), server, client };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
