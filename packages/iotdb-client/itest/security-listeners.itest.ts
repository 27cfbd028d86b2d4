// Nothing the tests start is reachable beyond loopback: while the servers run, every TCP socket
// listened on by their JVMs (IOTDB_TEST_PIDS from run.ts), by this test process and its children
// and by the runner is bound to 127.0.0.1, ::1 or ::ffff:127.0.0.1. Sockets are read from /proc
// (cross-checked with `ss`), and each JVM must show listeners, so an empty listing cannot pass.
import { execFileSync } from "node:child_process";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { server } from "./env.js";
import {
  decodeProcAddress,
  type Listener,
  listenersOf,
  LOOPBACK_ADDRESSES,
  TEST_PIDS_ENV,
  withDescendants,
} from "./security-listeners.js";
import { garbageServer, hangUpServer, silentServer } from "./security-servers.js";
import { TLS_ENV } from "./tls-server.js";

const serverPids = (process.env[TEST_PIDS_ENV] ?? "").split(",").filter(Boolean).map(Number);

function describe(listeners: Listener[]): string {
  return listeners.map((l) => `pid ${l.pid} ${l.address}:${l.port}`).join(", ");
}

function notLoopback(listeners: Listener[]): Listener[] {
  return listeners.filter((l) => !LOOPBACK_ADDRESSES.has(l.address));
}

test("/proc/net addresses decode as the kernel wrote them (IPv4, v4-mapped, ::1, wildcards)", () => {
  assert.equal(decodeProcAddress("0100007F:1F90"), { address: "127.0.0.1", port: 8080 });
  assert.equal(decodeProcAddress("00000000:07E8"), { address: "0.0.0.0", port: 2024 });
  assert.equal(decodeProcAddress("0100A8C0:0016"), { address: "192.168.0.1", port: 22 });
  assert.equal(decodeProcAddress("0000000000000000FFFF00000100007F:2107"), { address: "::ffff:127.0.0.1", port: 8455 });
  assert.equal(decodeProcAddress("00000000000000000000000001000000:1A0B"), { address: "::1", port: 6667 });
  assert.equal(decodeProcAddress("00000000000000000000000000000000:1A0B"), { address: "::", port: 6667 });
  assert.equal(decodeProcAddress("000080FE00000000FF005450A3B2C1D0:0050"), {
    address: "fe80::5054:ff:d0c1:b2a3",
    port: 80,
  });
  assert.not.ok(LOOPBACK_ADDRESSES.has("0.0.0.0") || LOOPBACK_ADDRESSES.has("::"));
});

if (serverPids.length > 0) {
  test("the /proc listing agrees with `ss -ltnp` for the server JVMs", () => {
    const ours = new Set(listenersOf(serverPids).map((l) => `${l.pid} ${l.address}:${l.port}`));
    const fromSs = new Set<string>();
    for (const line of execFileSync("ss", ["-ltnpH"], { encoding: "utf8" }).split("\n")) {
      const local = line.trim().split(/\s+/)[3];
      if (local === undefined) continue;
      const split = local.lastIndexOf(":");
      const address = local
        .slice(0, split)
        .replace(/^\[|\]$/g, "")
        .replace(/%.*$/, "");
      for (const m of line.matchAll(/pid=(\d+)/g)) {
        if (serverPids.includes(Number(m[1])))
          fromSs.add(`${m[1]} ${address === "*" ? "::" : address}:${local.slice(split + 1)}`);
      }
    }
    assert.ok(ours.size > 0);
    assert.equal([...ours].sort(), [...fromSs].sort());
  });

  test("every listener of every IoTDB server JVM the suite started is loopback-only", () => {
    const listeners = listenersOf(serverPids);
    for (const pid of serverPids)
      assert.ok(
        listeners.some((l) => l.pid === pid),
        `pid ${pid} (a server JVM) listens on nothing: is it running?`,
      );
    const ports = new Set(listeners.map((l) => l.port));
    const rpcPorts = [server.port, process.env.IOTDB_US_PORT, process.env.IOTDB_NS_PORT, process.env[TLS_ENV.port]]
      .filter(Boolean)
      .map(Number);
    for (const port of rpcPorts) assert.ok(ports.has(port), `the DataNode RPC port ${port} is among the listeners`);
    console.log(
      `  ${listeners.length} listening sockets of ${serverPids.length} server JVMs: ${[...new Set(listeners.map((l) => l.address))].join(", ")}`,
    );
    assert.equal(describe(notLoopback(listeners)), "", "listeners reachable beyond loopback");
  });
} else {
  console.warn(
    `\n!!! ${TEST_PIDS_ENV} not set (server ${server.host}:${server.port} given by hand): the server JVMs' listeners are NOT checked\n`,
  );
}

test("every listener of this test process, its children and the runner is loopback-only, helper servers included", async () => {
  const helpers = await Promise.all([silentServer(), hangUpServer(), garbageServer()]);
  try {
    const pids = [...withDescendants(process.pid), process.ppid];
    const listeners = listenersOf(pids);
    for (const helper of helpers)
      assert.ok(
        listeners.some((l) => l.pid === process.pid && l.port === helper.port),
        `helper server on port ${helper.port} found`,
      );
    assert.equal(describe(notLoopback(listeners)), "", "listeners reachable beyond loopback");
  } finally {
    await Promise.all(helpers.map((h) => h.close()));
  }
});

test.run();
