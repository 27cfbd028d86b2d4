// Java's String.getBytes(UTF_8) (used for TEXT/STRING values and by libthrift for Thrift strings)
// writes a lone surrogate as '?' (0x3f); Node writes U+FFFD (EF BF BD). To stay byte-identical,
// strings with a lone surrogate get '?' in its place before encoding. Well-formed strings (the
// norm) pass through untouched, checked natively where String.prototype.isWellFormed exists.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/** `s` has no lone surrogate (natively where possible: a regex with lookbehind costs ~10x more). */
export const isWellFormed: (s: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === "function"
    ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (s) => !LONE_SURROGATE.test(s);

/** `s` as Java would encode it to UTF-8: lone surrogates replaced by '?'. */
export function javaString(s: string): string {
  return isWellFormed(s) ? s : s.replace(LONE_SURROGATES, "?");
}
