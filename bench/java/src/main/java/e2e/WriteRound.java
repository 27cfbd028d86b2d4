package e2e;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;
import org.apache.tsfile.write.record.Tablet;

/**
 * One round: CLIENT_NUMBER threads, client c writing its devices' tablets loop after loop through
 * the shared session pool (as the Node side does). Wall time and the JVM's process CPU time
 * cover only the threads' work, from the start gate to the last join.
 */
final class WriteRound {
  private static final OperatingSystemMXBean OS =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final WriteWorkload w;
  private final TabletSink sink;

  WriteRound(WriteWorkload w, TabletSink sink) {
    this.w = w;
    this.sink = sink;
  }

  /** Runs the round; `progress` gets the stored point count every `progressMs` while it runs. */
  Map<String, Object> run(long startTime, long progressMs, LongConsumer progress) throws InterruptedException {
    LongAdder okOps = new LongAdder();
    LongAdder failedOps = new LongAdder();
    AtomicInteger loops = new AtomicInteger();
    AtomicReference<String> firstError = new AtomicReference<>();
    List<Latencies> logs = new ArrayList<>();
    CountDownLatch gate = new CountDownLatch(1);
    long[] deadline = {Long.MAX_VALUE};
    List<Thread> threads = new ArrayList<>();
    for (int c = 0; c < w.clientNumber; c++) {
      int client = c;
      Latencies log = new Latencies();
      logs.add(log);
      Thread t =
          new Thread(
              () -> {
                try {
                  gate.await();
                } catch (InterruptedException e) {
                  return;
                }
                List<Tablet> tablets = w.clientTablets.get(client);
                for (int loop = 0; w.loops < 0 || loop < w.loops; loop++) {
                  if (System.nanoTime() >= deadline[0]) return;
                  w.fillTimestamps(client, startTime, loop);
                  loops.accumulateAndGet(loop + 1, Math::max);
                  for (Tablet tablet : tablets) {
                    if (System.nanoTime() >= deadline[0]) return;
                    long begin = System.nanoTime();
                    try {
                      sink.insert(tablet);
                      okOps.increment();
                    } catch (Exception e) {
                      failedOps.increment();
                      firstError.compareAndSet(null, e.toString());
                    }
                    log.add(System.nanoTime() - begin);
                  }
                }
              },
              "e2e-client-" + c);
      t.start();
      threads.add(t);
    }

    long cpuBefore = OS.getProcessCpuTime();
    long begin = System.nanoTime();
    if (w.durationMs >= 0) deadline[0] = begin + w.durationMs * 1_000_000L;
    gate.countDown();
    for (Thread t : threads) {
      while (t.isAlive()) {
        t.join(progressMs);
        progress.accept(okOps.sum() * w.pointsPerTablet);
      }
    }
    long wallNs = System.nanoTime() - begin;
    long cpuNs = OS.getProcessCpuTime() - cpuBefore;

    Map<String, Object> out = new LinkedHashMap<>();
    out.put("ops", okOps.sum() + failedOps.sum());
    out.put("failedOps", failedOps.sum());
    out.put("points", okOps.sum() * w.pointsPerTablet);
    out.put("loops", loops.get());
    out.put("wallMs", wallNs / 1e6);
    out.put("cpuMs", cpuNs / 1e6);
    out.put("latency", Latencies.summarize(logs));
    if (firstError.get() != null) out.put("firstError", firstError.get());
    return out;
  }
}
