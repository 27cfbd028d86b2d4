// DataNode endpoints: a key per endpoint, and which ones to try in what order (nodeUrls are
// parsed with the other options, in options.ts).
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
