// Our client as the benchmark loads it: the built package (`pnpm build`), not its sources. The
// bench declares the package (bench/package.json); its dist/ is loaded by path.
import type * as IoTDBClient from "../../packages/iotdb-client/dist/index.js";

const builtClient = new URL("../../packages/iotdb-client/dist/index.mjs", import.meta.url);

export const client = (await import(builtClient.href)) as typeof IoTDBClient;
export type { IoTDBClient };
