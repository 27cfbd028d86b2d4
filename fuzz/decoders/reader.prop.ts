// Fuzz of the Reader (@zerowire/writer): random programs of calls over random bytes and
// structure-aware cases, each call checked against a reference built on Buffer's own readers;
// and Thrift walks (binary and compact) over every truncation and single-byte mutations of the
// captured reply frames. Every call returns the reference's value or throws ReadError leaving
// the position unchanged; slices are views inside the input; within MAX_MS and the memory bound.
import { test } from "uvu";
import { assertNoFailures, checkStructured, finish, fuzzRealBytes, realBytesPresent } from "./campaign.js";
import { Fuzzer } from "./harness.js";
import { Prng } from "./prng.js";
import { randomProgram, readerCase } from "./reader-arbitraries.js";
import { describeOp } from "./reader-program.js";
import { readerTarget } from "./reader-target.js";
import { binaryReplies, compactReplies } from "./reply-frames.js";
import { scaled, SEED } from "./settings.js";
import { sharedVectors } from "./shared-vectors.js";

const RANDOM_INPUTS = scaled(10_000);
const STRUCTURED_CASES = scaled(8_000);
const MIN_INPUTS = RANDOM_INPUTS + STRUCTURED_CASES + (sharedVectors().present.replies ? 10_000 : 0);

const fuzzer = new Fuzzer(readerTarget);

test("Reader: Thrift walks over every truncation and single-byte mutations of the captured replies", () => {
  if (!realBytesPresent("Reader Thrift walks over captured replies", "replies")) return;
  const binary = binaryReplies(sharedVectors().replies);
  for (const reply of binary) fuzzRealBytes(fuzzer, reply.label, reply.frame, { kind: "thrift binary" });
  for (const reply of compactReplies(binary))
    fuzzRealBytes(fuzzer, reply.label, reply.frame, { kind: "thrift compact" });
  assertNoFailures(fuzzer);
});

test(`Reader: ${RANDOM_INPUTS} random programs over random bytes (and random Thrift walks)`, () => {
  const rng = new Prng(SEED ^ 0x4ead);
  for (let i = 0; i < RANDOM_INPUTS; i++) {
    const bytes = rng.bytes(rng.below(49));
    if (i % 10 === 9) {
      fuzzer.run("random", `random walk #${i} (seed ${SEED})`, bytes, {
        kind: i % 20 === 9 ? "thrift binary" : "thrift compact",
      });
      continue;
    }
    const program = randomProgram(rng);
    fuzzer.run("random", `random program #${i} (seed ${SEED}): ${program.map(describeOp).join(" ")}`, bytes, {
      kind: "program",
      program,
    });
  }
  assertNoFailures(fuzzer);
});

test(`Reader: ${STRUCTURED_CASES} structured programs (edge values, overlong varints, forged prefixes and counts)`, () => {
  checkStructured(fuzzer, "Reader", readerCase, STRUCTURED_CASES, ({ program, bytes }) => {
    fuzzer.runOrThrow("structured", `program ${program.map(describeOp).join(" ")}`, bytes, {
      kind: "program",
      program,
    });
  });
  assertNoFailures(fuzzer);
});

test("Reader: counts", () => finish(fuzzer, MIN_INPUTS));

test.run();
