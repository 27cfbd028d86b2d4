// Tracing with OpenTelemetry: the client publishes its operations on node:diagnostics_channel
// tracing channels (iotdb:open, iotdb:query, iotdb:fetch, iotdb:insert, iotdb:pool:acquire), each
// with a context whose `attributes` are OpenTelemetry's database attributes. A few lines turn
// them into spans: start one on `start`, end it on `asyncEnd`, mark it failed on `error`. Here
// the spans go to an in-memory exporter and are checked; in an application, give the provider
// an OTLP exporter instead. Nobody subscribed, the client builds no context at all.
//
//   IOTDB_HOST=127.0.0.1 IOTDB_PORT=6667 npx tsx tracing-otel.ts
import dc from "node:diagnostics_channel";
import { type Span, SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { IOTDB_CHANNELS, type IoTDBTraceContext, SessionPool } from "@zerowire/iotdb-client";

const host = process.env.IOTDB_HOST ?? "127.0.0.1";
const port = Number(process.env.IOTDB_PORT ?? 6667);
const database = "root.examples_tracing";
const device = `${database}.meter1`;
const ROWS = 20_000;

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer("iotdb-client");

// One span per traced operation; the channels hand the same context object to every event of it.
const spans = new WeakMap<IoTDBTraceContext, Span>();
const channels = [
  IOTDB_CHANNELS.open,
  IOTDB_CHANNELS.query,
  IOTDB_CHANNELS.fetch,
  IOTDB_CHANNELS.insert,
  IOTDB_CHANNELS.poolAcquire,
];
for (const name of channels) {
  dc.tracingChannel<unknown, IoTDBTraceContext>(name).subscribe({
    start: (context) =>
      spans.set(
        context,
        tracer.startSpan(`${name} ${context.attributes["db.operation.name"]}`, {
          kind: SpanKind.CLIENT,
          attributes: context.attributes,
        }),
      ),
    end: () => {},
    asyncStart: () => {},
    error: (context) => {
      spans.get(context)?.recordException(context.error as Error);
      spans.get(context)?.setStatus({ code: SpanStatusCode.ERROR });
    },
    // The reply's attributes (rows, bytes, the error's type) are there by now.
    asyncEnd: (context) => spans.get(context)?.setAttributes(context.attributes).end(),
  });
}
// Retries and redirects are instants: a counter, a log line or a span event.
dc.subscribe(IOTDB_CHANNELS.retry, (message) => console.log("retry", message));

const pool = new SessionPool({ host, port, username: "root", password: "root", maxSize: 2, fetchSize: 1_000 });
try {
  await pool.createDatabase(database);
  await pool.insertAlignedTablet({
    schema: { target: device, columns: [{ name: "power", type: "DOUBLE" }] },
    timestamps: BigInt64Array.from({ length: ROWS }, (_, i) => BigInt(i)),
    values: [Float64Array.from({ length: ROWS }, (_, i) => i % 100)],
  });
  // 20,000 rows at 1,000 per fetch: the execute reply brings the first batch, fetches the rest.
  const rows = await (await pool.executeQueryStatement(`select power from ${device}`)).toRows();
  if (rows.length !== ROWS) throw new Error(`read ${rows.length} rows, expected ${ROWS}`);
} finally {
  await pool.executeNonQueryStatement(`delete database ${database}`).catch(() => {});
  await pool.close();
}

// Check the spans: names, the OpenTelemetry attributes, rows and bytes from the replies.
const finished = exporter.getFinishedSpans();
const named = (prefix: string) => finished.filter((s) => s.name.startsWith(prefix));
const check = (ok: boolean, what: string) => {
  if (!ok)
    throw new Error(`${what}; spans: ${finished.map((s) => `${s.name} ${JSON.stringify(s.attributes)}`).join("\n")}`);
};
check(named("iotdb:open openSession").length >= 1, "no openSession span");
check(named("iotdb:pool:acquire").length >= 3, "fewer than 3 pool acquire spans");
const insert = named("iotdb:insert insertTablet")[0];
check(
  insert !== undefined && (insert.attributes["iotdb.request.bytes"] as number) > ROWS * 8,
  "no insertTablet span with its request bytes",
);
check(
  insert?.attributes["iotdb.request.rows"] === ROWS && insert.attributes["iotdb.request.points"] === ROWS,
  "the insertTablet span lacks its rows and points",
);
const query = named("iotdb:query executeQueryStatement")[0];
check(query?.attributes["db.query.text"] === `select power from ${device}`, "no query span with its SQL");
const fetched = named("iotdb:fetch fetchResults").reduce(
  (n, s) => n + (s.attributes["db.response.returned_rows"] as number),
  0,
);
check(
  fetched + (query!.attributes["db.response.returned_rows"] as number) === ROWS,
  `rows of the query and fetch spans add up to ${fetched}, not ${ROWS}`,
);
for (const span of finished) {
  check(
    span.attributes["db.system.name"] === "iotdb" &&
      span.attributes["server.address"] === host &&
      span.attributes["server.port"] === port,
    `${span.name}: attributes`,
  );
  check(span.kind === SpanKind.CLIENT && span.status.code !== SpanStatusCode.ERROR, `${span.name}: kind or status`);
}
console.log(
  `traced ${finished.length} spans: ${[...new Set(finished.map((s) => s.name.split(" ")[0]))].join(", ")}; query and fetches returned ${ROWS} rows`,
);
await provider.shutdown();
