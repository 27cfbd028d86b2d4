package zerowire.bench.codec;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * `java -cp 'target/bench-harness.jar:target/lib/*' zerowire.bench.codec.Harness request.json`:
 * times each case of the request (protocol in README.md) and prints one JSON line per case on
 * stdout.
 */
public final class Harness {
  private Harness() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println("usage: zerowire.bench.codec.Harness <request.json>");
      System.exit(2);
    }
    JsonObject request;
    try (Reader r = Files.newBufferedReader(Paths.get(args[0]), StandardCharsets.UTF_8)) {
      request = JsonParser.parseReader(r).getAsJsonObject();
    }
    long warmupNanos = intOr(request, "warmupMs", 2000) * 1_000_000L;
    int samples = intOr(request, "samples", 15);
    long minSampleNanos = intOr(request, "minSampleMs", 100) * 1_000_000L;

    for (JsonElement e : array(request, "tablets")) {
      JsonObject spec = e.getAsJsonObject();
      TabletWorkload w = new TabletWorkload(spec);
      String name = spec.get("name").getAsString();
      String route = spec.has("route") ? spec.get("route").getAsString() : "addValue";
      w.checkRoutesAgree(name); // both routes' bytes, before anything is timed: a mismatch ends the run
      Map<String, Object> line = timed(spec, () -> w.run(route), warmupNanos, samples, minSampleNanos);
      line.put("route", route);
      line.put("timeBytes", w.timeBytes());
      line.put("valueBytes", w.valueBytes());
      System.out.println(toJsonLine(line));
    }
    for (JsonElement e : array(request, "tsblocks")) {
      JsonObject spec = e.getAsJsonObject();
      TsBlockWorkload w = new TsBlockWorkload(hex(spec.get("hex").getAsString()));
      Map<String, Object> line = timed(spec, w::run, warmupNanos, samples, minSampleNanos);
      line.put("inputBytes", w.inputBytes());
      line.put("positionCount", w.positionCount());
      line.put("valueColumns", w.valueColumnCount());
      line.put("nonNullCells", w.nonNullCells());
      System.out.println(toJsonLine(line));
    }
  }

  private static Map<String, Object> timed(
      JsonObject spec, LongSupplier op, long warmupNanos, int samples, long minSampleNanos) {
    Timer.Result r = Timer.measure(op, warmupNanos, samples, minSampleNanos);
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("case", spec.get("name").getAsString());
    line.put("medianNsPerOp", Math.round(r.medianNs()));
    line.put("minNsPerOp", Math.round(r.minNs()));
    line.put("maxNsPerOp", Math.round(r.maxNs()));
    line.put("samples", r.samples());
    line.put("opsPerSample", r.opsPerSample());
    return line;
  }

  private static JsonArray array(JsonObject o, String key) {
    return o.has(key) ? o.getAsJsonArray(key) : new JsonArray();
  }

  private static int intOr(JsonObject o, String key, int fallback) {
    return o.has(key) ? o.get(key).getAsInt() : fallback;
  }

  private static byte[] hex(String s) {
    byte[] out = new byte[s.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }

  /** Values are a case name and numbers only. */
  private static String toJsonLine(Map<String, Object> line) {
    StringBuilder sb = new StringBuilder("{");
    for (Map.Entry<String, Object> e : line.entrySet()) {
      if (sb.length() > 1) {
        sb.append(',');
      }
      sb.append('"').append(e.getKey()).append("\":");
      Object v = e.getValue();
      sb.append(v instanceof String ? "\"" + ((String) v).replace("\"", "\\\"") + "\"" : v);
    }
    return sb.append('}').toString();
  }
}
