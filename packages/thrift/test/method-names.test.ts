// Message headers' method names are decoded once per name (src/wire/method-names.ts): a name read
// again must still be exactly what its bytes decode to, in both protocols and the binary
// protocol's old header, whatever was read before it: another name of the same length, more
// names than the cache holds, names too long to be kept, invalid UTF-8, and a name cut short.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ReadError, TBinaryProtocol, TCompactProtocol } from "@zerowire/thrift";
import { bytesOf, readerOver, throwsAt } from "./helpers.js";

type Make = (t: ReturnType<typeof readerOver>) => TBinaryProtocol | TCompactProtocol;

const headers: [string, Make, Make][] = [
  ["binary", (t) => new TBinaryProtocol(t), (t) => new TBinaryProtocol(t)],
  ["binary, old header", (t) => new TBinaryProtocol(t, false, false), (t) => new TBinaryProtocol(t)],
  ["compact", (t) => new TCompactProtocol(t), (t) => new TCompactProtocol(t)],
];

/** A message header with a name of these raw bytes (written as a string of Latin-1 code units). */
function header(make: Make, nameBytes: Buffer, seqid: number): Buffer {
  // writeMessageBegin writes a string as UTF-8: write a placeholder of the same byte length,
  // then put the raw bytes in its place.
  const placeholder = "\u007f".repeat(nameBytes.length); // a byte no header of these tests holds elsewhere
  const bytes = bytesOf(make)((p) => p.writeMessageBegin(placeholder, 2, seqid));
  const at = bytes.indexOf(Buffer.from(placeholder));
  nameBytes.copy(bytes, at);
  return bytes;
}

function read(make: Make, bytes: Buffer) {
  return make(readerOver(bytes)).readMessageBegin();
}

for (const [name, write, readWith] of headers) {
  test(`${name}: a name read again, and names of the same length, come back as their bytes decode`, () => {
    const names = ["fetchResultsV2", "fetchResultsV3", "insertTablets", "insertRecords", "é", "日本", "😀", ""];
    for (let round = 0; round < 3; round++) {
      names.forEach((n, i) => {
        const got = read(readWith, header(write, Buffer.from(n, "utf8"), i));
        assert.equal(got, { fname: n, mtype: 2, rseqid: i }, `${n} (round ${round})`);
      });
    }
  });

  test(`${name}: more names than the cache holds, and names too long to be kept, each read right`, () => {
    const many = Array.from({ length: 40 }, (_, i) => `method_${i}`);
    const long = ["x".repeat(64), "y".repeat(65), "z".repeat(1000), `${"z".repeat(999)}w`];
    for (let round = 0; round < 3; round++) {
      for (const n of [...many, ...long, ...many.slice().reverse()]) {
        assert.is(read(readWith, header(write, Buffer.from(n), 1)).fname, n);
      }
    }
  });

  test(`${name}: invalid UTF-8 decodes the same the first and every later time`, () => {
    const cases = [
      Buffer.from([0xff, 0x41]),
      Buffer.from([0xc3]),
      Buffer.from([0xe2, 0x82, 0x41]),
      Buffer.from([0xed, 0xa0, 0x80]),
    ];
    for (let round = 0; round < 3; round++) {
      for (const bytes of cases) {
        assert.is(read(readWith, header(write, bytes, 1)).fname, bytes.toString("utf8"), bytes.toString("hex"));
      }
    }
  });

  test(`${name}: a name cut short is a ReadError naming it, whether or not its bytes were seen before`, () => {
    const full = header(write, Buffer.from("fetchResultsV2"), 1);
    read(readWith, full); // now in the cache
    const at = full.indexOf(Buffer.from("fetch"));
    const cut = full.subarray(0, at + 13);
    throwsAt(() => read(readWith, cut), ReadError, at, /method name/);
    throwsAt(() => read(readWith, full.subarray(0, at + 2)), ReadError, at, /method name/);
  });
}

test("a name read from bytes that are then overwritten (a reused read buffer) does not change what is cached", () => {
  const make = (t: ReturnType<typeof readerOver>) => new TBinaryProtocol(t);
  const frame = header(make, Buffer.from("reusedName01"), 1);
  assert.is(read(make, frame).fname, "reusedName01");
  header(make, Buffer.from("reusedName02"), 1).copy(frame); // the same buffer, another name
  assert.is(read(make, frame).fname, "reusedName02");
  assert.is(read(make, header(make, Buffer.from("reusedName01"), 1)).fname, "reusedName01");
});

test("negative control: two names of one length differ in a byte, so a cache keyed by length alone would fail above", () => {
  const a = bytesOf((t) => new TBinaryProtocol(t))((p) => p.writeMessageBegin("fetchResultsV2", 2, 1));
  const b = bytesOf((t) => new TBinaryProtocol(t))((p) => p.writeMessageBegin("fetchResultsV3", 2, 1));
  assert.is(a.length, b.length);
  assert.not.equal(a, b);
});

test.run();
