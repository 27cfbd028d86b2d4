// Deterministic inputs for suites, so every run times the same bytes.

/** xorshift32 generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** `count` strings of `length` characters drawn from `alphabet` (an array of characters). */
export function randomStrings(count: number, length: number, alphabet: readonly string[], seed: number): string[] {
  const random = seededRandom(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = "";
    for (let j = 0; j < length; j++) s += alphabet[Math.floor(random() * alphabet.length)]!;
    out.push(s);
  }
  return out;
}

/**
 * `s` as one flat string, as JSON.parse or a socket read gives strings (and as a Java harness gets
 * them from its JSON). A string built by `+=` (as randomStrings builds them) is a V8 rope that
 * every reader, an encoder included, must walk or flatten first: an unfair handicap for the side
 * that gets it. The JSON round trip keeps every code unit, lone surrogates included.
 */
export function flatString(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/** Printable ASCII. */
export const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

/** Latin-1 text with accents: ASCII letters and space, and the accented letters U+00C0..U+00FF
 *  (2 UTF-8 bytes each; V8 keeps such strings one byte per char), about half of each. */
export const LATIN1_ACCENTED = [
  ...Array.from({ length: 26 }, (_, i) => String.fromCharCode(0x61 + i)),
  " ",
  ...Array.from({ length: 64 }, (_, i) => String.fromCharCode(0xc0 + i)).filter(
    (c) => c !== "\u00d7" && c !== "\u00f7",
  ),
];

/** Emoji outside the BMP (a surrogate pair in JS, 4 UTF-8 bytes each): U+1F600..U+1F64F. */
export const EMOJI = Array.from({ length: 80 }, (_, i) => String.fromCodePoint(0x1f600 + i));

/** CJK Unified Ideographs (3 UTF-8 bytes each). */
export const CJK = Array.from({ length: 2000 }, (_, i) => String.fromCharCode(0x4e00 + i));

/** Chinese text as sensors and logs carry it ("温度 23.5 正常"): CJK ideographs, and about one
 *  char in five an ASCII digit, space or punctuation. */
export const CJK_WITH_ASCII = [...CJK, ..."0123456789 .:-_/%+()".repeat(25)];
