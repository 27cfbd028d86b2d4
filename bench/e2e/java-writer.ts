// The write workload on the official Java client: one long-lived JVM per case (bench/java,
// e2e.E2eWrite) driven by JSON lines, so its JIT stays warm from round to round.
import type { Endpoint } from "./connect.js";
import { JavaProcess } from "./java-process.js";
import type { RoundProgress } from "./node-writer.js";
import type { RoundMeasure } from "./stats.js";
import { deviceName, TABLE_NAME, TAG_COLUMN, templateJson, type Workload } from "./workload.js";

/** How often the JVM reports its stored point count during a round. */
const PROGRESS_MS = 200;

export class JavaWriter {
  private constructor(private readonly jvm: JavaProcess) {}

  static async open(e: Endpoint, w: Workload, javaOpts: readonly string[]): Promise<JavaWriter> {
    const jvm = JavaProcess.start("e2e.E2eWrite", javaOpts);
    try {
      await jvm.request(
        {
          cmd: "open",
          host: e.host,
          port: e.port,
          user: e.user,
          password: e.password,
          model: w.model,
          database: w.database,
          table: TABLE_NAME,
          tagColumn: TAG_COLUMN,
          deviceNumber: w.deviceNumber,
          devices: Array.from({ length: w.deviceNumber }, (_, d) => deviceName(w, d)),
          clientNumber: w.clientNumber,
          poolMaxSize: w.poolMaxSize,
          sensors: w.sensors,
          batchSize: w.batchSize,
          pointStep: w.pointStep,
          loops: w.loops ?? null,
          durationMs: w.durationMs ?? null,
          template: templateJson(w.template),
        },
        "opened",
      );
    } catch (err) {
      jvm.kill();
      throw err;
    }
    return new JavaWriter(jvm);
  }

  async round(startTime: number, progress: RoundProgress): Promise<RoundMeasure> {
    const reply = await this.jvm.request({ cmd: "round", startTime, progressMs: PROGRESS_MS }, "round", (event) => {
      if (event.event === "progress") progress.points = event.points as number;
    });
    const { event: _event, ...measure } = reply;
    return measure as unknown as RoundMeasure;
  }

  async close(): Promise<void> {
    await this.jvm.request({ cmd: "close" }, "closed").finally(() => this.jvm.kill());
  }
}
