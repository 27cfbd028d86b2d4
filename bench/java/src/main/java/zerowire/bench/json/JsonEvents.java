package zerowire.bench.json;

import com.google.gson.Gson;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The events a benchmark child process answers its driver with: one JSON object per stdout line,
 * {"event": name, ...}, flushed at once (bench/lib/json-lines-child.ts reads them).
 */
public final class JsonEvents {
  private static final Gson GSON = new Gson();
  private static final PrintStream OUT = new PrintStream(System.out, true, StandardCharsets.UTF_8);

  private JsonEvents() {}

  /** A new event named `name`, to fill with its fields. */
  public static Map<String, Object> event(String name) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("event", name);
    return m;
  }

  public static synchronized void emit(Map<String, Object> event) {
    OUT.println(GSON.toJson(event));
  }
}
