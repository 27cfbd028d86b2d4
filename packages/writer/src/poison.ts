import { OwnershipError } from "./errors.js";

// Debug-mode ownership checks: memory given back is filled with a poison byte and checked when it
// is handed out again, so a write through a stale view is reported instead of corrupting the
// next owner's data.

export const POISON = 0xde;

export function checkPoison(buf: Uint8Array): void {
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] !== POISON) {
      throw new OwnershipError(`pooled buffer was written at byte ${i} after it was released`);
    }
  }
}
