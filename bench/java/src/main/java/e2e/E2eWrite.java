package e2e;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The end-to-end write benchmark's Java side (bench/e2e drives it). One JSON command per stdin
 * line, JSON events on stdout:
 *
 * <pre>
 * {"cmd":"open", ...the case...}            -> {"event":"opened"}
 * {"cmd":"round","startTime":T,"progressMs":P} -> {"event":"progress","points":N}... {"event":"round",...}
 * {"cmd":"close"}                           -> {"event":"closed"} and exit
 * </pre>
 *
 * Any failure outside an insert ends the process after {"event":"error","message":...}.
 */
public final class E2eWrite {
  private static final Gson GSON = new Gson();
  private static final PrintStream OUT = new PrintStream(System.out, true, StandardCharsets.UTF_8);

  private E2eWrite() {}

  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    WriteWorkload workload = null;
    TabletSink sink = null;
    try {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        JsonObject cmd = JsonParser.parseString(line).getAsJsonObject();
        switch (cmd.get("cmd").getAsString()) {
          case "open": {
            workload = new WriteWorkload(cmd);
            TabletSink.Endpoint e =
                new TabletSink.Endpoint(
                    cmd.get("host").getAsString(),
                    cmd.get("port").getAsInt(),
                    cmd.get("user").getAsString(),
                    cmd.get("password").getAsString());
            sink = TabletSink.openPool(e, workload.model, workload.database, workload.poolMaxSize);
            emit(event("opened"));
            break;
          }
          case "round": {
            if (workload == null || sink == null) throw new IllegalStateException("round before open");
            Map<String, Object> result =
                new WriteRound(workload, sink)
                    .run(
                        cmd.get("startTime").getAsLong(),
                        cmd.get("progressMs").getAsLong(),
                        points -> {
                          Map<String, Object> p = event("progress");
                          p.put("points", points);
                          emit(p);
                        });
            Map<String, Object> done = event("round");
            done.putAll(result);
            emit(done);
            break;
          }
          case "close":
            close(sink);
            emit(event("closed"));
            return;
          default:
            throw new IllegalArgumentException("unknown command " + cmd.get("cmd"));
        }
      }
    } catch (Exception e) {
      Map<String, Object> error = event("error");
      error.put("message", e.toString());
      emit(error);
      close(sink);
      System.exit(1);
    }
  }

  private static void close(TabletSink sink) {
    if (sink == null) return;
    try {
      sink.close();
    } catch (Exception ignored) {
      // closing a pool that failed; the process ends anyway
    }
  }

  private static Map<String, Object> event(String name) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("event", name);
    return m;
  }

  private static synchronized void emit(Map<String, Object> event) {
    OUT.println(GSON.toJson(event));
  }
}
