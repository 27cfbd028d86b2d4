// The redirect hint a last query for one device came back with (Java's
// executeLastDataQueryForOneDevice learns the device's DataNode from it). Kept beside the data set
// rather than on it: only the pool reads it, to route the device's next calls; it is no part of
// the public API.
import type { Int64Mode } from "@zerowire/iotdb-codec";
import type { SessionDataSet } from "../dataset/session-data-set.js";
import type { EndPoint } from "../errors.js";

const redirects = new WeakMap<SessionDataSet<Int64Mode>, EndPoint>();

export function noteQueryRedirect(dataSet: SessionDataSet<Int64Mode>, endpoint: EndPoint): void {
  redirects.set(dataSet, endpoint);
}

/** The DataNode the server named for the query's device, if it named one. */
export function queryRedirectOf(dataSet: SessionDataSet<Int64Mode>): EndPoint | undefined {
  return redirects.get(dataSet);
}
