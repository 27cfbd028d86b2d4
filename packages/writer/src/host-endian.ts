// The host's byte order, found once: typed arrays use it, wire formats mostly do not. Read from
// a typed array (no node:os), so it is the same test on every runtime.

/** True on little-endian hosts (x86, most ARM), where typed-array bytes must be swapped to be big-endian. */
export const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
