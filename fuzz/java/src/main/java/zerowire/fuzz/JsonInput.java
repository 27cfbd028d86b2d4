package zerowire.fuzz;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the case file and turns JSON trees back into plain Java values for echoing. */
final class JsonInput {
  /** A JSON number echoed with its original text, so `input` round-trips exactly. */
  record RawNumber(String text) {}

  private JsonInput() {}

  static JsonArray readCases(Path file) throws IOException {
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      JsonElement root = JsonParser.parseReader(r);
      if (!root.isJsonArray()) {
        throw new IllegalArgumentException(file + ": expected a JSON array of cases");
      }
      return root.getAsJsonArray();
    }
  }

  static Object toJava(JsonElement e) {
    if (e == null || e.isJsonNull()) {
      return null;
    }
    if (e.isJsonObject()) {
      Map<String, Object> m = new LinkedHashMap<>();
      for (Map.Entry<String, JsonElement> kv : e.getAsJsonObject().entrySet()) {
        m.put(kv.getKey(), toJava(kv.getValue()));
      }
      return m;
    }
    if (e.isJsonArray()) {
      List<Object> l = new ArrayList<>();
      for (JsonElement item : e.getAsJsonArray()) {
        l.add(toJava(item));
      }
      return l;
    }
    JsonPrimitive p = e.getAsJsonPrimitive();
    if (p.isBoolean()) {
      return p.getAsBoolean();
    }
    if (p.isNumber()) {
      return new RawNumber(p.getAsString());
    }
    return p.getAsString();
  }

  static String string(JsonObject o, String key) {
    JsonElement e = o.get(key);
    if (e == null || e.isJsonNull()) {
      throw new IllegalArgumentException("missing \"" + key + "\"");
    }
    return e.getAsString();
  }

  static String stringOr(JsonObject o, String key, String fallback) {
    JsonElement e = o.get(key);
    return e == null || e.isJsonNull() ? fallback : e.getAsString();
  }

  static boolean boolOr(JsonObject o, String key, boolean fallback) {
    JsonElement e = o.get(key);
    return e == null || e.isJsonNull() ? fallback : e.getAsBoolean();
  }

  static JsonArray array(JsonObject o, String key) {
    JsonElement e = o.get(key);
    if (e == null || !e.isJsonArray()) {
      throw new IllegalArgumentException("missing array \"" + key + "\"");
    }
    return e.getAsJsonArray();
  }

  /** Timestamps and INT64 values are decimal strings (they do not fit a JS number). */
  static long int64(JsonElement e) {
    return Long.parseLong(e.getAsString());
  }
}
