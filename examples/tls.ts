// TLS: a session to a DataNode whose client port speaks TLS (enable_thrift_ssl=true in its
// iotdb-system.properties). The server's certificate is checked against the CA in IOTDB_CA_FILE
// (PEM, e.g. from `keytool -exportcert -rfc`), or against Node's bundled CAs when it is not set,
// and must name the host connected to.
//
//   IOTDB_HOST=127.0.0.1 IOTDB_PORT=6667 IOTDB_CA_FILE=ca.pem npx tsx tls.ts
import { readFileSync } from "node:fs";
import { Session } from "@zerowire/iotdb-client";

const host = process.env.IOTDB_HOST ?? "127.0.0.1";
const port = Number(process.env.IOTDB_PORT ?? 6667);
const caFile = process.env.IOTDB_CA_FILE;
const database = "root.examples_tls";

const session = new Session({
  host,
  port,
  username: "root",
  password: "root",
  tls: caFile === undefined ? true : { ca: readFileSync(caFile) },
});
await session.open();
console.log(`connected over TLS to ${host}:${port}${caFile === undefined ? "" : ` (CA ${caFile})`}`);
try {
  await session.createDatabase(database);
  await session.insertRecords([
    { deviceId: `${database}.gate1`, time: 1, measurements: ["open"], types: ["BOOLEAN"], values: [true] },
    { deviceId: `${database}.gate1`, time: 2, measurements: ["open"], types: ["BOOLEAN"], values: [false] },
  ]);
  const rows = await (await session.executeQueryStatement(`select open from ${database}.gate1`)).toRows();
  const read = rows.map((row) => row.fields[0]);
  if (read.length !== 2 || read[0] !== true || read[1] !== false)
    throw new Error(`read back ${JSON.stringify(read)}, expected [true,false]`);
  console.log(`wrote and read back ${rows.length} points over TLS`);
} finally {
  await session.deleteDatabase(database).catch(() => {});
  await session.close();
}
