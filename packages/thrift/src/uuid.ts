// UUID values (Thrift type 16): 16 bytes on the wire in both protocols, the canonical
// 8-4-4-4-12 lowercase hex string in JavaScript, as the `thrift` package reads and writes them.

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 16 bytes of a UUID string; anything else is a TypeError naming the value. */
export function uuidBytes(value: unknown): Buffer {
  if (typeof value !== "string" || !UUID_PATTERN.test(value)) {
    throw new TypeError(`writeUuid: ${JSON.stringify(String(value)).slice(0, 60)} is not a UUID string`);
  }
  return Buffer.from(value.replace(/-/g, ""), "hex");
}

/** The canonical string of 16 bytes. */
export function uuidString(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
