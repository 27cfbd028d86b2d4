// Device → the DataNode that holds it, learned from the server's redirect hints. Bounded: when
// full, the route learned longest ago goes first (a dropped route only costs one redirect).
import type { EndPoint } from "../errors.js";
import { endpointKey } from "./endpoints.js";

export class RouteCache {
  private readonly routes = new Map<string, EndPoint>();

  constructor(private readonly maxRoutes: number) {}

  get size(): number {
    return this.routes.size;
  }

  get(device: string): EndPoint | undefined {
    return this.routes.get(device);
  }

  learn(device: string, endpoint: EndPoint): void {
    const known = this.routes.get(device);
    if (known !== undefined && known.host === endpoint.host && known.port === endpoint.port) return;
    this.routes.delete(device);
    this.routes.set(device, { host: endpoint.host, port: endpoint.port });
    if (this.routes.size > this.maxRoutes) this.routes.delete(this.routes.keys().next().value!);
  }

  /** Drops every route to the endpoint (it failed); returns how many. */
  forget(endpoint: EndPoint): number {
    const key = endpointKey(endpoint);
    let dropped = 0;
    for (const [device, target] of this.routes) {
      if (endpointKey(target) === key) {
        this.routes.delete(device);
        dropped++;
      }
    }
    return dropped;
  }
}
