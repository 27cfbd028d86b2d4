package zerowire.bench.e2e;

import static zerowire.bench.json.JsonEvents.emit;
import static zerowire.bench.json.JsonEvents.event;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The end-to-end write benchmark's Java side (bench/e2e drives it). One JSON command per stdin
 * line, JSON events on stdout:
 *
 * <pre>
 * {"cmd":"open", ...the workload...}  -> {"event":"opened"}
 * {"cmd":"round","startTime":"T","loops":L|null,"durationMs":D|null,"method":M,"concurrency":C,"progressMs":P}
 *                                     -> {"event":"progress","points":N}... {"event":"round",...}
 * {"cmd":"close"}                     -> {"event":"closed"} and exit
 * </pre>
 *
 * Any failure outside an insert ends the process after {"event":"error","message":...}.
 */
public final class E2eWrite {

  private E2eWrite() {}

  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    WriteWorkload workload = null;
    TabletSink sink = null;
    List<TabletSink> bound = null;
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
            sink = TabletSink.openPool(e, workload);
            if (workload.bindSessions) {
              // Bound sessions are opened here, before any timing, and kept for every round.
              bound = new ArrayList<>();
              for (int c = 0; c < workload.clientNumber(); c++) bound.add(TabletSink.bound(e, workload, sink));
            }
            emit(event("opened"));
            break;
          }
          case "round": {
            if (workload == null || sink == null) throw new IllegalStateException("round before open");
            Map<String, Object> result =
                new WriteRound(workload, sink, bound)
                    .run(
                        Long.parseLong(cmd.get("startTime").getAsString()),
                        cmd.get("loops").isJsonNull() ? -1 : cmd.get("loops").getAsInt(),
                        cmd.get("durationMs").isJsonNull() ? -1 : cmd.get("durationMs").getAsLong(),
                        cmd.get("method").getAsString(),
                        cmd.get("concurrency").getAsInt(),
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
            close(bound);
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
      close(bound);
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

  private static void close(List<TabletSink> sinks) {
    if (sinks != null) for (TabletSink s : sinks) close(s);
  }
}
