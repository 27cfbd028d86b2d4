// The redirect hints in an insert's status, as the Java client reads them
// (RpcUtils.verifySuccessWithRedirection*): the server answers 200 with redirectNode for a
// single-device insert, and 400 (REDIRECTION_RECOMMEND, the items were written) with
// subStatus[i].redirectNode for item i of a multi-device insert or row i of a table tablet. An
// endpoint 0.0.0.0 means "no better node" and is ignored, as in Java.
import type { EndPoint, Status } from "../errors.js";

/**
 * The devices a request wrote, one per item the server answers for (records sent, tablets, table rows), in wire order.
 */
export interface WrittenDevices {
  readonly count: number;
  device(index: number): string;
}

export function singleDevice(device: string): WrittenDevices {
  return { count: 1, device: () => device };
}

/** [device, endpoint] for every hint in the status; sub-statuses that do not line up with the items are not trusted. */
export function redirectHints(status: Status, devices: WrittenDevices): [string, EndPoint][] {
  const hints: [string, EndPoint][] = [];
  const sub = status.subStatus;
  if (sub !== undefined && sub.length === devices.count) {
    for (let i = 0; i < sub.length; i++) {
      const node = sub[i]!.redirectNode;
      if (usable(node)) hints.push([devices.device(i), node]);
    }
  } else if (usable(status.redirectNode) && devices.count > 0) {
    hints.push([devices.device(0), status.redirectNode]);
  }
  return hints;
}

function usable(node: EndPoint | undefined): node is EndPoint {
  return node !== undefined && node.host !== "0.0.0.0" && node.host !== "" && node.port > 0;
}
