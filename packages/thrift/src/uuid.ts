// UUID values (Thrift type 16) as writeUuid takes them: the canonical 8-4-4-4-12 hex string, as
// the `thrift` package writes them; 16 bytes on the wire in both protocols. (Reads: wire/reader-base.ts.)

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 16 bytes of a UUID string; anything else is a TypeError naming the value. */
export function uuidBytes(value: unknown): Buffer {
  if (typeof value !== "string" || !UUID_PATTERN.test(value)) {
    throw new TypeError(`writeUuid: ${JSON.stringify(String(value)).slice(0, 60)} is not a UUID string`);
  }
  return Buffer.from(value.replace(/-/g, ""), "hex");
}
