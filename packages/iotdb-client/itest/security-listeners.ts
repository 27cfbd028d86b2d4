// Which TCP sockets a process listens on, read from /proc: the socket inodes among
// /proc/<pid>/fd, looked up in /proc/net/tcp and /proc/net/tcp6 (state 0A = LISTEN).
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** run.ts puts the pids of every server JVM it started here, comma-separated. */
export const TEST_PIDS_ENV = "IOTDB_TEST_PIDS";

export interface Listener {
  pid: number;
  /** "127.0.0.1", "::ffff:127.0.0.1", "::1", "0.0.0.0", "::", ... */
  address: string;
  port: number;
}

export const LOOPBACK_ADDRESSES: ReadonlySet<string> = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

const LISTEN_STATE = "0A";

/** Listening TCP sockets of each pid (a pid that is gone has none). */
export function listenersOf(pids: readonly number[]): Listener[] {
  const table = listeningSocketsByInode();
  const listeners: Listener[] = [];
  for (const pid of pids) {
    for (const inode of socketInodes(pid)) {
      const socket = table.get(inode);
      if (socket !== undefined) listeners.push({ pid, ...socket });
    }
  }
  return listeners;
}

/** The pid and every process below it (children, grandchildren, ...). */
export function withDescendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found = [root];
  for (let i = 0; i < found.length; i++) found.push(...(children.get(found[i]!) ?? []));
  return found;
}

/**
 * Decodes a /proc/net/tcp{,6} "ADDR:PORT" field: the address is hex in 32-bit host-order (little-endian here) words.
 */
export function decodeProcAddress(field: string): { address: string; port: number } {
  const [hex, portHex] = field.split(":") as [string, string];
  const bytes: number[] = [];
  for (let word = 0; word < hex.length; word += 8) {
    const value = Number.parseInt(hex.slice(word, word + 8), 16);
    bytes.push(value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24);
  }
  return { address: bytes.length === 4 ? bytes.join(".") : ipv6Text(bytes), port: Number.parseInt(portHex, 16) };
}

function ipv6Text(bytes: number[]): string {
  const isV4Mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (isV4Mapped) return `::ffff:${bytes.slice(12).join(".")}`;
  const groups = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16));
  // The longest run of two or more zero groups becomes "::" (RFC 5952).
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === "0") j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  if (best.start < 0) return groups.join(":");
  return `${groups.slice(0, best.start).join(":")}::${groups.slice(best.start + best.length).join(":")}`;
}

function listeningSocketsByInode(): Map<string, { address: string; port: number }> {
  const table = new Map<string, { address: string; port: number }>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== LISTEN_STATE) continue;
      table.set(fields[9]!, decodeProcAddress(fields[1]!));
    }
  }
  return table;
}

function socketInodes(pid: number): string[] {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return []; // the process is gone
  }
  const inodes: string[] = [];
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.push(match[1]!);
    } catch {
      // the fd closed while we looked
    }
  }
  return inodes;
}

function parentOf(pid: number): number | undefined {
  try {
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}
