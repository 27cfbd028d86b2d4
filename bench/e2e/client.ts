// Our client as the benchmark loads it: the built package (`pnpm build`), not its sources. The
// bench workspace package does not depend on @zerowire/iotdb-client, so it is found by path.
import type * as IoTDBClient from "../../packages/iotdb-client/dist/index.js";

const builtClient = new URL("../../packages/iotdb-client/dist/index.mjs", import.meta.url);

export const client = (await import(builtClient.href)) as typeof IoTDBClient;
export type { IoTDBClient };
