// The portable UTF-8 path (TextEncoder/TextDecoder, @zerowire/writer's buffer-utf8.ts) against
// Node's internal one, through the built packages: the same workload (fixtures/utf8-workload.mjs)
// runs in child processes with Node's methods used (the default), with the portable path forced
// by ZEROWIRE_PORTABLE_UTF8=1, and with the methods absent while the packages load; the outputs
// must be identical, and in the last two a direct call of Node's methods fails the run.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

const workload = resolve(import.meta.dirname, "fixtures/utf8-workload.mjs");

interface Output {
  writerHex: string;
  read: string[];
  invalidRead: string[];
  tablet: { timestamps: string; values: string };
  asciiColumn: string[];
  mixedColumn: string[];
}

function run(env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const clean = { ...process.env };
  delete clean.ZEROWIRE_PORTABLE_UTF8;
  // The built packages, whatever the runner set: `pnpm test:unit` puts tsx and the "source"
  // condition in NODE_OPTIONS, and tsx's loader reads source maps with the Buffer methods this hides.
  delete clean.NODE_OPTIONS;
  const r = spawnSync(process.execPath, [workload], { env: { ...clean, ...env }, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function output(env: Record<string, string>): Output {
  const r = run(env);
  assert.is(r.status, 0, `workload with ${JSON.stringify(env)} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout) as Output;
}

const nodeInternal = output({});

test("the default (Node's methods) gives Buffer.from's bytes and Buffer#toString's strings", () => {
  // Oracles: documented Buffer API only.
  const strings = nodeInternal.read.slice(0, -1);
  assert.ok(strings.length >= 9);
  let at = 0;
  const bytes = Buffer.from(nodeInternal.writerHex, "hex");
  for (const s of strings) {
    const n = bytes.readInt32BE(at);
    const body = bytes.subarray(at + 4, at + 4 + n);
    assert.is(body.toString("utf8"), s);
    assert.ok(Buffer.from(body.toString("utf8"), "utf8").equals(body), "re-encodes to the same bytes");
    at += 4 + n;
  }
  assert.ok(
    strings.some((s) => s.includes("\ufffd")),
    "lone surrogates were written as U+FFFD",
  );
  assert.ok(
    strings.some((s) => s.startsWith("\ufeff")),
    "a BOM is kept",
  );
  assert.is(nodeInternal.invalidRead[0], "\ufffd" + "a".repeat(60));
});

test("ZEROWIRE_PORTABLE_UTF8=1: identical output, and Node's methods are never called directly", () => {
  assert.equal(output({ ZEROWIRE_PORTABLE_UTF8: "1", ZW_UTF8_TRAP: "1" }), nodeInternal);
});

test("Node's methods absent while the packages load: detected, identical output, never called directly", () => {
  assert.equal(output({ ZW_UTF8_HIDE_AT_LOAD: "1", ZW_UTF8_TRAP: "1" }), nodeInternal);
});

test("control: by default the packages do call Node's methods directly (so the trap above can fail)", () => {
  const r = run({ ZW_UTF8_TRAP: "1" });
  assert.is.not(r.status, 0);
  assert.match(r.stderr, /direct utf8(Write|Slice) call/);
});

test.run();
