import { KIB_MIXES, textColumn } from "./lib/codec-data.ts";
import { pair } from "/tmp/micro/pair.mjs";
const K = KIB_MIXES.map((m: any, k: number) => textColumn(100, m[0], m[1], 80 + k, 1024));
console.log(K.map((c) => c[0]!.length), (K[0]![0] as any).isWellFormed());
const scratch = Buffer.alloc(1 << 22);
pair({
  join: () => { for (const c of K) c.join("\0\0\0\0"); },
  joinWrite: () => { for (const c of K) { const j = c.join("\0\0\0\0"); (scratch as any).utf8Write(j, 0, 3 * j.length); } },
  perString: () => { let p = 0; for (const c of K) for (const s of c) p += (scratch as any).utf8Write(s, p, 3 * s.length); },
}, { samples: 40, iters: 3 });
