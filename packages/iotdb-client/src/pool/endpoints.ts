// DataNode endpoints: parsing nodeUrls, a key per endpoint, and which ones to try in what order.
// A connection failure marks an endpoint down for a while; endpoints not marked down are tried
// first (in the configured order), then the marked ones (longest-marked first), so a pool whose
// every DataNode failed still tries them all and recovers as soon as one answers again.
import type { EndPoint } from "../errors.js";

/**
 * Keys of the endpoint objects seen so far: a pool looks one up per request, and building and
 * hashing a new string each time showed in the pool's profile (bench/client insert cases). The
 * pool's endpoint objects are its own (parsed from nodeUrls, made from redirect hints) and never
 * change.
 */
const keys = new WeakMap<EndPoint, string>();

export function endpointKey(endpoint: EndPoint): string {
  let key = keys.get(endpoint);
  if (key === undefined) keys.set(endpoint, (key = `${endpoint.host}:${endpoint.port}`));
  return key;
}

/** "host:port", "[v6 address]:port" or { host, port }. */
export function parseNodeUrl(url: string | EndPoint): EndPoint {
  if (typeof url === "object" && url !== null) return { host: url.host, port: checkedPort(url.port, JSON.stringify(url)) };
  if (typeof url !== "string") throw new RangeError(`a node URL is "host:port" or { host, port }, got ${String(url)}`);
  const colon = url.lastIndexOf(":");
  if (colon <= 0) throw new RangeError(`a node URL is "host:port", got ${JSON.stringify(url)}`);
  let host = url.slice(0, colon);
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return { host, port: checkedPort(Number(url.slice(colon + 1)), JSON.stringify(url)) };
}

function checkedPort(port: number, what: string): number {
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new RangeError(`bad port in node URL ${what}`);
  return port;
}

interface DownMark {
  since: number;
  until: number;
}

export class EndpointHealth {
  private readonly marks = new Map<string, DownMark>();

  constructor(private readonly downMs: number) {}

  /** Marks the endpoint down for downMs from now (a repeated failure extends the mark). */
  markDown(endpoint: EndPoint): void {
    const key = endpointKey(endpoint);
    const now = Date.now();
    this.marks.set(key, { since: this.marks.get(key)?.since ?? now, until: now + this.downMs });
  }

  markUp(endpoint: EndPoint): void {
    this.marks.delete(endpointKey(endpoint));
  }

  isDown(endpoint: EndPoint): boolean {
    if (this.marks.size === 0) return false; // the usual case: no key string to build
    const mark = this.marks.get(endpointKey(endpoint));
    return mark !== undefined && Date.now() < mark.until;
  }

  /** The endpoints not marked down in their given order, then the marked ones, longest-marked first. */
  order(endpoints: readonly EndPoint[]): readonly EndPoint[] {
    if (this.marks.size === 0) return endpoints; // nothing marked: the given order, without copying per request
    const up = endpoints.filter((e) => !this.isDown(e));
    const down = endpoints.filter((e) => this.isDown(e));
    down.sort((a, b) => this.marks.get(endpointKey(a))!.since - this.marks.get(endpointKey(b))!.since);
    return [...up, ...down];
  }
}
