// The write workload on the official Java client: one long-lived JVM per writer (bench/java,
// zerowire.bench.e2e.E2eWrite) driven by JSON lines, so its JIT stays warm from round to round.
import type { Endpoint } from "./connect.js";
import { JAVA_MAIN, javaCommand } from "../lib/jvm.js";
import { JsonLinesChild } from "../lib/json-lines-child.js";
import type { RoundMeasure } from "./round-measure.js";
import { templateJson } from "./template.js";
import { clientDevices, devicePrefix, TABLE_NAME, TAG_COLUMN, type Workload } from "./workload.js";
import type { RoundProgress, RoundSpec, Writer } from "./writer.js";

/** How often the JVM reports its stored point count during a round. */
const PROGRESS_MS = 200;

export interface JavaWriterOptions {
  /** Return every op's latency with the measure (a worker of a group). */
  rawLatencies?: boolean;
}

export class JavaWriter implements Writer {
  private constructor(private readonly jvm: JsonLinesChild) {}

  static async open(
    e: Endpoint,
    w: Workload,
    javaOpts: readonly string[],
    options: JavaWriterOptions = {},
  ): Promise<JavaWriter> {
    const jvm = new JsonLinesChild(javaCommand(JAVA_MAIN.e2eWrite, javaOpts), "Java client");
    try {
      await jvm.request(
        {
          cmd: "open",
          host: e.host,
          port: e.port,
          nodeUrls: e.nodeUrls ?? null,
          user: e.user,
          password: e.password,
          model: w.model,
          database: w.database,
          table: TABLE_NAME,
          tagColumn: TAG_COLUMN,
          devicePrefix: devicePrefix(w),
          clients: clientDevices(w),
          bindSessions: w.bindSessions,
          // null: the Java pool with its own defaults (e2e-concurrent-records)
          poolMaxSize: w.poolDefaults ? null : w.pool.maxSize,
          poolWaitTimeoutMs: w.pool.waitTimeoutMs,
          sensors: w.sensors,
          batchSize: w.batchSize,
          pointStep: w.pointStep.toString(),
          template: templateJson(w.template),
          rawLatencies: options.rawLatencies === true,
        },
        "opened",
      );
    } catch (err) {
      jvm.kill();
      throw err;
    }
    return new JavaWriter(jvm);
  }

  async round(spec: RoundSpec, progress: RoundProgress): Promise<RoundMeasure> {
    const command = {
      cmd: "round",
      startTime: spec.startTime.toString(),
      loops: "loops" in spec.span ? spec.span.loops : null,
      durationMs: "durationMs" in spec.span ? spec.span.durationMs : null,
      method: spec.method,
      concurrency: spec.concurrency,
      progressMs: PROGRESS_MS,
    };
    const reply = await this.jvm.request(command, "round", (event) => {
      if (event.event === "progress") progress.points = event.points as number;
    });
    const { event: _event, latencies, ...measure } = reply;
    const m = measure as unknown as RoundMeasure;
    if (Array.isArray(latencies)) m.latencies = Float64Array.from(latencies as number[]);
    return m;
  }

  async close(): Promise<void> {
    await this.jvm.request({ cmd: "close" }, "closed").finally(() => this.jvm.kill());
  }
}
