import { LATIN1_MIXES, NON_ASCII_MIXES, textColumn } from "./lib/codec-data.ts";
import { pair } from "/tmp/micro/pair.mjs";
const L = LATIN1_MIXES.map((m: any, k: number) => textColumn(500, m[0], m[1], 70 + k));
const C = NON_ASCII_MIXES.map((m: any, k: number) => textColumn(500, m[0], m[1], 60 + k));
function count16(strings: string[], out: Int32Array) {
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!; let n = 0;
    for (let j = 0; j < s.length; j++) {
      const c = s.charCodeAt(j);
      n += 1 + ((c + 0xff80) >> 16) + ((c + 0xf800) >> 16) - (((c & 0xf800) ^ 0xd800) === 0 ? 1 : 0);
    }
    out[i] = n;
  }
}
function count16b(strings: string[], out: Int32Array) {
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!; let n = s.length;
    for (let j = 0; j < s.length; j++) {
      const c = s.charCodeAt(j);
      // +1 for c >= 0x80, +1 for c >= 0x800, -1 for a surrogate unit: (c - 0xd800) >>> 11 === 0
      n += ((0x7f - c) >>> 31) + ((0x7ff - c) >>> 31) - (((c - 0xd800) >>> 11) === 0 ? 1 : 0);
    }
    out[i] = n;
  }
}
const out = new Int32Array(500);
const bufsC = C.map((c) => { const j = "\0\0\0\0" + c.join("\0\0\0\0"); const b = Buffer.alloc(3 * j.length); (b as any).utf8Write(j, 0, 3 * j.length); return b; });
const bufsL = L.map((c) => { const j = "\0\0\0\0" + c.join("\0\0\0\0"); const b = Buffer.alloc(3 * j.length); (b as any).utf8Write(j, 0, 3 * j.length); return b; });
function walkBranchy(bytes: Buffer, strings: string[]) {
  let p = 0;
  for (let i = 0; i < strings.length; i++) {
    const units = strings[i]!.length; let q = p + 4; let unit = 0;
    while (unit < units) {
      const lead = bytes[q]!;
      if (lead >= 0xe0) { if (lead < 0xf0) { q += 3; unit += 1; } else { q += 4; unit += 2; } }
      else if (lead < 0x80) { q += 1; unit += 1; } else { q += 2; unit += 1; }
    }
    p = q;
  }
  return p;
}
pair({
  c16C: () => { for (const c of C) count16(c, out); },
  c16bC: () => { for (const c of C) count16b(c, out); },
  walkC: () => { for (let k = 0; k < 3; k++) walkBranchy(bufsC[k]!, C[k]!); },
  c16L: () => { for (const c of L) count16(c, out); },
  c16bL: () => { for (const c of L) count16b(c, out); },
  walkL: () => { for (let k = 0; k < 3; k++) walkBranchy(bufsL[k]!, L[k]!); },
}, { samples: 100, iters: 5 });
