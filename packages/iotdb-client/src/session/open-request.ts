// TSOpenSessionReq exactly as the Java SessionConnection fills it (docs/iotdb-wire-format.md §3): protocol
// V3, zone, user, password, and the configuration map version, sql_dialect, then db when set.
import { TSOpenSessionReq, TSProtocolVersion } from "../gen/client_types.js";
import type { SqlDialect } from "./session-options.js";

export interface OpenRequestFields {
  username: string;
  password: string;
  zoneId: string;
  sqlDialect: SqlDialect;
  database: string | undefined;
}

export function openSessionRequest(f: OpenRequestFields): TSOpenSessionReq {
  // Insertion order is wire order: the generated writer iterates the object's keys.
  const configuration: Record<string, string> = { version: "V_1_0", sql_dialect: f.sqlDialect };
  if (f.database !== undefined) configuration.db = f.database;
  return new TSOpenSessionReq({
    client_protocol: TSProtocolVersion.IOTDB_SERVICE_PROTOCOL_V3,
    zoneId: f.zoneId,
    username: f.username,
    password: f.password,
    configuration,
  });
}
