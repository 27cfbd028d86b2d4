package zerowire.fuzz;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iotdb.rpc.RpcUtils;
import org.apache.iotdb.service.rpc.thrift.IClientRPCService;
import org.apache.iotdb.session.Session;
import org.apache.thrift.TSerializer;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.write.record.Tablet;

/**
 * `java -jar vector-generator.jar cases.json outDir`: one vector file per case (shared vector
 * format) plus index.json, all in one JVM. A case the Java client rejects gets
 * `output: {"error": ...}` instead of failing the batch. A batch with `queryResponse` cases is
 * also captured as one whole conversation over a socket (SessionCapture): the query vectors come
 * from it, and it is written as session-capture.json.
 */
public final class VectorGenerator {
  private VectorGenerator() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: VectorGenerator <cases.json> <outDir>");
      System.exit(2);
    }
    JsonArray cases = JsonInput.readCases(Paths.get(args[0]));
    Path outDir = Files.createDirectories(Paths.get(args[1]));
    Map<String, Object> generator = generatorInfo();
    List<Object> index = new ArrayList<>();
    int errors = 0;
    Map<Integer, Map<String, Object>> outputs = new LinkedHashMap<>();
    boolean hasQueries = false;
    for (int i = 0; i < cases.size(); i++) {
      JsonObject input = cases.get(i).getAsJsonObject();
      String kind = JsonInput.stringOr(input, "kind", "");
      if (kind.equals("queryResponse")) hasQueries = true;
      else outputs.put(i, outputFor(kind, input));
    }
    if (hasQueries) {
      // queryResponse cases come from one captured conversation of the whole batch (SessionCapture)
      Map<String, Object> capture = SessionCapture.run(cases, outputs);
      Files.writeString(
          outDir.resolve("session-capture.json"), JsonWriter.write(capture), StandardCharsets.UTF_8);
    }
    for (int i = 0; i < cases.size(); i++) {
      JsonObject input = cases.get(i).getAsJsonObject();
      String name = JsonInput.stringOr(input, "name", "case" + (i + 1));
      String kind = JsonInput.stringOr(input, "kind", "");
      Map<String, Object> output = outputs.get(i);
      String file = String.format("%03d-%s.json", i + 1, name.replaceAll("[^A-Za-z0-9_.-]", "_"));

      Map<String, Object> vector = new LinkedHashMap<>();
      vector.put("name", name);
      vector.put("kind", kind);
      if (input.has("description")) {
        vector.put("description", input.get("description").getAsString());
      }
      vector.put("generator", generator);
      vector.put("input", JsonInput.toJava(writtenInput(kind, input)));
      vector.put("output", output);
      Files.writeString(outDir.resolve(file), JsonWriter.write(vector), StandardCharsets.UTF_8);

      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("file", file);
      entry.put("name", name);
      entry.put("kind", kind);
      if (output.containsKey("error")) {
        entry.put("error", output.get("error"));
        errors++;
      }
      index.add(entry);
    }
    Map<String, Object> indexFile = new LinkedHashMap<>();
    indexFile.put("generator", generator);
    indexFile.put("sessionId", Long.toString(CapturingConnection.SESSION_ID));
    indexFile.put("seqId", 1);
    indexFile.put("count", index.size());
    indexFile.put("errors", errors);
    indexFile.put("vectors", index);
    Files.writeString(
        outDir.resolve("index.json"), JsonWriter.write(indexFile), StandardCharsets.UTF_8);
    System.err.printf("%d cases -> %s (%d rejected by the Java client)%n", index.size(), outDir,
        errors);
  }

  /**
   * The input as the vector holds it: as given, except that a session-call vector's input has no
   * `kind` (its format, that of ../shared/vectors/java-2.0.5-calls, keeps the kind at the top).
   */
  private static JsonObject writtenInput(String kind, JsonObject input) {
    if (!kind.equals("sessionCalls")) return input;
    JsonObject copy = input.deepCopy();
    copy.remove("kind");
    return copy;
  }

  private static Map<String, Object> outputFor(String kind, JsonObject input) {
    try {
      switch (kind) {
        case "tablet":
          return TabletCase.run(input);
        case "insertRecords":
          return RecordsCase.run(input, false);
        case "insertRecord":
          return RecordsCase.run(input, true);
        case "tsblock":
          return TsBlockCase.run(input);
        case "sessionCalls":
          return SessionCallsCase.run(input);
        case "template":
          return TemplateCase.run(input);
        default:
          throw new IllegalArgumentException("unsupported kind \"" + kind + "\"");
      }
    } catch (Throwable t) {
      Map<String, Object> error = new LinkedHashMap<>();
      Throwable cause = t;
      while (cause.getCause() != null
          && cause instanceof java.lang.reflect.InvocationTargetException) {
        cause = cause.getCause();
      }
      error.put("error", cause.getClass().getName() + ": " + cause.getMessage());
      if (System.getenv("VECTOR_GENERATOR_TRACE") != null) {
        StringWriter trace = new StringWriter();
        cause.printStackTrace(new PrintWriter(trace));
        error.put("trace", trace.toString());
      }
      return error;
    }
  }

  /** The jar each part of the client was loaded from. */
  private static Map<String, Object> generatorInfo() {
    Map<String, Object> g = new LinkedHashMap<>();
    g.put("iotdbSession", jarOf(Session.class));
    g.put("iotdbServiceRpc", jarOf(RpcUtils.class));
    g.put("iotdbThrift", jarOf(IClientRPCService.class));
    g.put("tsfile", jarOf(Tablet.class));
    g.put("tsfileCommon", jarOf(TSDataType.class));
    g.put("libthrift", jarOf(TSerializer.class));
    g.put("java", System.getProperty("java.version"));
    return g;
  }

  private static String jarOf(Class<?> c) {
    String path = c.getProtectionDomain().getCodeSource().getLocation().getPath();
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
