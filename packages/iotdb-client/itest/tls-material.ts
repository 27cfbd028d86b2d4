// Certificates for the TLS integration tests, made at test time with the JDK's keytool: a
// throwaway CA, and a server key pair whose certificate that CA signs for 127.0.0.1 / localhost
// (subject alternative names). The server keystore (PKCS12: key + chain) is what IoTDB's
// key_store_path takes; the CA certificate is exported as PEM for Node's `ca` option and into a
// truststore for the Java client.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface TlsMaterial {
  /** PKCS12 keystore holding the server's key and its chain (server, CA). */
  keyStorePath: string;
  /** The CA certificate, PEM: what a Node client passes as `ca`. */
  caPemPath: string;
  /** PKCS12 truststore holding only the CA certificate (for the Java client). */
  trustStorePath: string;
  /** Password of both stores (throwaway, like the stores). */
  storePassword: string;
}

const CERT_DAYS = "2";
/** keytool reads the store password from this variable: argv is readable by every local user. */
const PASSWORD_VARIABLE = "ZEROWIRE_ITEST_STOREPASS";
const MATERIAL_FILE = "material.json";

/** Makes a fresh CA, server keystore and truststore in `dir` (wiped first); independent keytool runs go in parallel. */
export async function makeTlsMaterial(dir: string): Promise<TlsMaterial> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const material: TlsMaterial = {
    keyStorePath: join(dir, "server.p12"),
    caPemPath: join(dir, "ca.pem"),
    trustStorePath: join(dir, "truststore.p12"),
    storePassword: randomBytes(12).toString("hex"),
  };
  const caStore = join(dir, "ca.p12");
  const serverPem = join(dir, "server.pem");
  const keytool = (args: string[], input?: string) => runKeytool(args, material.storePassword, input);
  const store = (path: string) => ["-keystore", path, "-storetype", "PKCS12", "-storepass:env", PASSWORD_VARIABLE];
  const newKey = ["-keyalg", "RSA", "-keysize", "2048", "-validity", CERT_DAYS];

  await Promise.all([
    keytool([
      "-genkeypair",
      "-alias",
      "ca",
      ...newKey,
      "-dname",
      "CN=zerowire itest CA",
      "-ext",
      "bc:c",
      ...store(caStore),
    ]),
    keytool(["-genkeypair", "-alias", "server", ...newKey, "-dname", "CN=localhost", ...store(material.keyStorePath)]),
  ]);
  const [request] = await Promise.all([
    keytool(["-certreq", "-alias", "server", ...store(material.keyStorePath)]),
    keytool(["-exportcert", "-rfc", "-alias", "ca", "-file", material.caPemPath, ...store(caStore)]),
  ]);
  const signed = await keytool(
    [
      "-gencert",
      "-rfc",
      "-alias",
      "ca",
      "-validity",
      CERT_DAYS,
      "-ext",
      "san=ip:127.0.0.1,dns:localhost",
      "-ext",
      "eku=serverAuth",
      ...store(caStore),
    ],
    request,
  );
  writeFileSync(serverPem, signed);
  // The CA goes in first so that the signed reply chains to it in the server's key entry.
  await Promise.all([
    keytool(["-importcert", "-noprompt", "-alias", "ca", "-file", material.caPemPath, ...store(material.keyStorePath)]),
    keytool([
      "-importcert",
      "-noprompt",
      "-alias",
      "ca",
      "-file",
      material.caPemPath,
      ...store(material.trustStorePath),
    ]),
  ]);
  await keytool(["-importcert", "-noprompt", "-alias", "server", "-file", serverPem, ...store(material.keyStorePath)]);
  writeFileSync(join(dir, MATERIAL_FILE), JSON.stringify(material, null, 2));
  return material;
}

/** The material makeTlsMaterial left in `dir` (how the test process finds it). */
export function readTlsMaterial(dir: string): TlsMaterial & { caPem: string } {
  const material = JSON.parse(readFileSync(join(dir, MATERIAL_FILE), "utf8")) as TlsMaterial;
  return { ...material, caPem: readFileSync(material.caPemPath, "utf8") };
}

function runKeytool(args: string[], password: string, input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "keytool",
      args,
      { encoding: "utf8", env: { ...process.env, [PASSWORD_VARIABLE]: password } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`keytool ${args[0]} failed: ${stderr || error.message}`, { cause: error }));
        else resolve(stdout);
      },
    );
    child.stdin!.end(input ?? "");
  });
}
