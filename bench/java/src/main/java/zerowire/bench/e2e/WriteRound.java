package zerowire.bench.e2e;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.utils.Binary;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;

/**
 * One round, as the Node side runs it, by one of the methods:
 *
 * <ul>
 *   <li>clients: a thread per client writing its devices' tablets loop after loop, through the
 *       shared pool or through the client's bound session;
 *   <li>batch: every tablet of a loop in one insertTablets call;
 *   <li>parallel: every tablet of a loop as its own pool insert, on `concurrency` threads;
 *   <li>records: every row of a loop as one insertRecords call, with the pool's defaults;
 *   <li>rowsBatched (row arrival): a thread per producer (client) emitting its devices' rows one at
 *       a time; each row goes into its device's Tablet (addTimestamp, typed addValue), and when
 *       the producer's tablets hold BATCH_SIZE_PER_WRITE rows each, they go out as one
 *       insertTablets (iot-benchmark's route, its default batch of 100 rows per device);
 *   <li>rowRecord (row arrival): the same producers, each row sent by insertRecord.
 * </ul>
 *
 * Row arrival: producer c's rows come loop by loop, row r of the template to every device of
 * the producer in turn, at the time the tablet cases give row r of loop l. An op is a row; its
 * latency runs from the row handed to the client to the return of the request that carried it
 * (rowsBatched: every SAMPLE_EVERY-th row of a producer, which the Node side samples alike).
 *
 * The threads are made before the start gate; wall time and the JVM's process CPU time cover
 * only their work, from the gate to the last join.
 */
final class WriteRound {
  private static final OperatingSystemMXBean OS =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final WriteWorkload w;
  private final TabletSink pool;
  /** Per client, its bound session's sink (device-session binding), else null. */
  private final List<TabletSink> bound;

  private final LongAdder okOps = new LongAdder();
  private final LongAdder failedOps = new LongAdder();
  private final LongAdder points = new LongAdder();
  /** Requests of rowsBatched (insertTablets calls). */
  private final LongAdder requests = new LongAdder();
  private final AtomicInteger loops = new AtomicInteger();
  private final AtomicReference<String> firstError = new AtomicReference<>();
  private final List<Latencies> logs = new ArrayList<>();
  private final CountDownLatch gate = new CountDownLatch(1);
  private volatile long deadline = Long.MAX_VALUE;

  WriteRound(WriteWorkload w, TabletSink pool, List<TabletSink> bound) {
    this.w = w;
    this.pool = pool;
    this.bound = bound;
  }

  /**
   * Runs the round; `maxLoops` < 0 means until `durationMs`. `progress` gets the stored point
   * count every `progressMs` while it runs.
   */
  Map<String, Object> run(long startTime, int maxLoops, long durationMs, String method, int concurrency, long progressMs, LongConsumer progress)
      throws InterruptedException {
    int loopLimit = maxLoops < 0 ? Integer.MAX_VALUE : maxLoops;
    List<Runnable> bodies = new ArrayList<>();
    switch (method) {
      case "clients":
        for (int c = 0; c < w.clientNumber(); c++) bodies.add(client(c, startTime, loopLimit));
        break;
      case "batch":
        bodies.add(batch(startTime, loopLimit));
        break;
      case "parallel":
        bodies.addAll(parallel(startTime, loopLimit, concurrency));
        break;
      case "records":
        bodies.add(records(startTime, loopLimit));
        break;
      case "rowsBatched":
        for (int c = 0; c < w.clientNumber(); c++) bodies.add(rowsBatched(c, startTime, loopLimit));
        break;
      case "rowRecord":
        for (int c = 0; c < w.clientNumber(); c++) bodies.add(rowRecord(c, startTime, loopLimit));
        break;
      default:
        throw new IllegalArgumentException("unknown method " + method);
    }
    List<Thread> threads = new ArrayList<>();
    for (Runnable body : bodies) {
      Thread t =
          new Thread(
              () -> {
                try {
                  gate.await();
                  body.run();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              "e2e-writer-" + threads.size());
      t.start();
      threads.add(t);
    }

    long cpuBefore = OS.getProcessCpuTime();
    long begin = System.nanoTime();
    if (durationMs >= 0) deadline = begin + durationMs * 1_000_000L;
    gate.countDown();
    for (Thread t : threads) {
      while (t.isAlive()) {
        t.join(progressMs);
        progress.accept(points.sum());
      }
    }
    long wallNs = System.nanoTime() - begin;
    long cpuNs = OS.getProcessCpuTime() - cpuBefore;

    long[] latencies = Latencies.all(logs);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("ops", okOps.sum() + failedOps.sum());
    out.put("failedOps", failedOps.sum());
    out.put("points", points.sum());
    out.put("loops", loops.get());
    out.put("wallMs", wallNs / 1e6);
    out.put("cpuMs", cpuNs / 1e6);
    out.put("latency", Latencies.summarize(latencies));
    if (firstError.get() != null) out.put("firstError", firstError.get());
    if (w.rawLatencies) out.put("latencies", Latencies.millis(latencies));
    if (method.equals("rowsBatched") || method.equals("rowRecord")) {
      if (method.equals("rowsBatched")) out.put("requests", requests.sum());
      try {
        out.put("peakRssMb", ProcessMemory.peakRssMb());
      } catch (java.io.IOException e) {
        firstError.compareAndSet(null, e.toString());
      }
    }
    return out;
  }

  /** Rows of a producer whose latency is logged: one in SAMPLE_EVERY (a power of two), counted from its first row. */
  static final int SAMPLE_EVERY = 16;

  /** Producer c batching its rows by hand: a Tablet per device, one insertTablets when they are full. */
  private Runnable rowsBatched(int c, long startTime, int loopLimit) {
    Latencies log = newLog();
    List<Tablet> tablets = new ArrayList<>();
    for (Tablet device : w.clientTablets.get(c)) tablets.add(new Tablet(device.getDeviceId(), w.schemas, w.batchSize));
    int rowsPerBatch = tablets.size() * w.batchSize;
    long[] sampledNs = new long[rowsPerBatch / SAMPLE_EVERY + 2];
    return () -> {
      int pending = 0;
      int sampled = 0;
      long emitted = 0;
      rows:
      for (int loop = 0; loop < loopLimit; loop++) {
        for (int r = 0; r < w.batchSize; r++) {
          // A producer emits no row after the deadline; what it holds still goes out below.
          if (System.nanoTime() >= deadline) break rows;
          if (r == 0) loops.accumulateAndGet(loop + 1, Math::max);
          long time = startTime + ((long) loop * w.batchSize + r) * w.pointStep;
          for (Tablet tablet : tablets) {
            if ((emitted++ & (SAMPLE_EVERY - 1)) == 0) sampledNs[sampled++] = System.nanoTime();
            w.addRow(tablet, tablet.getRowSize(), time, r);
          }
          pending += tablets.size();
          if (pending == rowsPerBatch) {
            sendBatch(log, tablets, pending, sampledNs, sampled);
            pending = 0;
            sampled = 0;
          }
        }
      }
      if (pending > 0) sendBatch(log, tablets, pending, sampledNs, sampled);
    };
  }

  /** The producer's tablets as one insertTablets; each sampled row's latency ends when it returns. */
  private void sendBatch(Latencies log, List<Tablet> tablets, int rows, long[] sampledNs, int sampled) {
    requests.increment();
    try {
      pool.insertAll(tablets);
      okOps.add(rows);
      points.add((long) rows * w.schemas.size());
    } catch (Exception e) {
      failedOps.add(rows);
      firstError.compareAndSet(null, e.toString());
    }
    long acknowledged = System.nanoTime();
    for (int i = 0; i < sampled; i++) log.add(acknowledged - sampledNs[i]);
    for (Tablet tablet : tablets) tablet.reset();
  }

  /** Producer c sending every row by insertRecord (typed values, built once per template row). */
  private Runnable rowRecord(int c, long startTime, int loopLimit) {
    Latencies log = newLog();
    List<String> devices = new ArrayList<>();
    for (Tablet device : w.clientTablets.get(c)) devices.add(device.getDeviceId());
    List<String> names = new ArrayList<>();
    List<TSDataType> types = new ArrayList<>();
    for (IMeasurementSchema schema : w.schemas) {
      names.add(schema.getMeasurementName());
      types.add(schema.getType());
    }
    List<List<Object>> rows = new ArrayList<>();
    for (int r = 0; r < w.batchSize; r++) rows.add(w.rowValues(r));
    long pointsPerRow = w.schemas.size();
    return () -> {
      for (int loop = 0; loop < loopLimit; loop++) {
        for (int r = 0; r < w.batchSize; r++) {
          if (r == 0) loops.accumulateAndGet(loop + 1, Math::max);
          long time = startTime + ((long) loop * w.batchSize + r) * w.pointStep;
          List<Object> values = rows.get(r);
          for (String device : devices) {
            if (System.nanoTime() >= deadline) return;
            timed(log, pointsPerRow, () -> pool.insertRecord(device, time, names, types, values));
          }
        }
      }
    };
  }

  /** Client c: its devices, loop after loop, one insert at a time. */
  private Runnable client(int c, long startTime, int loopLimit) {
    Latencies log = newLog();
    TabletSink sink = bound != null ? bound.get(c) : pool;
    List<Tablet> tablets = w.clientTablets.get(c);
    return () -> {
      for (int loop = 0; loop < loopLimit; loop++) {
        if (System.nanoTime() >= deadline) return;
        w.fillTimestamps(c, startTime, loop);
        loops.accumulateAndGet(loop + 1, Math::max);
        for (Tablet tablet : tablets) {
          // In duration mode a client starts no write after the deadline; the loop may end short.
          if (System.nanoTime() >= deadline) return;
          timed(log, w.pointsPerTablet, () -> sink.insert(tablet));
        }
      }
    };
  }

  /** Every tablet of a loop in one request. */
  private Runnable batch(long startTime, int loopLimit) {
    Latencies log = newLog();
    return () -> {
      for (int loop = 0; loop < loopLimit; loop++) {
        if (System.nanoTime() >= deadline) return;
        fillAll(startTime, loop);
        timed(log, (long) w.allTablets.size() * w.pointsPerTablet, () -> pool.insertAll(w.allTablets));
      }
    };
  }

  /**
   * Every row of a loop as one insertRecords call (the pool's default auto-conversion to tablets
   * applies). The lists are built from the tablets before the gate; each loop rewrites the times.
   */
  private Runnable records(long startTime, int loopLimit) {
    Latencies log = newLog();
    List<String> deviceIds = new ArrayList<>();
    List<Long> times = new ArrayList<>();
    List<List<String>> measurements = new ArrayList<>();
    List<List<TSDataType>> types = new ArrayList<>();
    List<List<Object>> values = new ArrayList<>();
    for (Tablet tablet : w.allTablets) {
      List<String> names = new ArrayList<>();
      List<TSDataType> typesOfRow = new ArrayList<>();
      for (IMeasurementSchema schema : tablet.getSchemas()) {
        names.add(schema.getMeasurementName());
        typesOfRow.add(schema.getType());
      }
      for (int row = 0; row < w.batchSize; row++) {
        List<Object> rowValues = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
          Object v = tablet.getValue(row, c);
          rowValues.add(v instanceof Binary b && typesOfRow.get(c) == TSDataType.TEXT ? b.getStringValue(StandardCharsets.UTF_8) : v);
        }
        deviceIds.add(tablet.getDeviceId());
        times.add(0L);
        measurements.add(names);
        types.add(typesOfRow);
        values.add(rowValues);
      }
    }
    long pointsOfOp = (long) w.allTablets.size() * w.pointsPerTablet;
    return () -> {
      for (int loop = 0; loop < loopLimit; loop++) {
        if (System.nanoTime() >= deadline) return;
        fillAll(startTime, loop);
        int i = 0;
        for (Tablet tablet : w.allTablets) {
          for (int row = 0; row < w.batchSize; row++) times.set(i++, tablet.getTimestamp(row));
        }
        timed(log, pointsOfOp, () -> pool.insertRecords(deviceIds, times, measurements, types, values));
      }
    };
  }

  /**
   * `concurrency` threads taking the loop's tablets one by one; a barrier between loops, whose
   * action rewrites the timestamps (or ends the round).
   */
  private List<Runnable> parallel(long startTime, int loopLimit, int concurrency) {
    AtomicInteger next = new AtomicInteger();
    int[] loop = {-1};
    boolean[] stop = {false};
    CyclicBarrier barrier =
        new CyclicBarrier(
            concurrency,
            () -> {
              loop[0]++;
              if (loop[0] >= loopLimit || System.nanoTime() >= deadline) {
                stop[0] = true;
                return;
              }
              fillAll(startTime, loop[0]);
              next.set(0);
            });
    List<Runnable> bodies = new ArrayList<>();
    for (int i = 0; i < concurrency; i++) {
      Latencies log = newLog();
      bodies.add(
          () -> {
            try {
              for (; ; ) {
                barrier.await();
                if (stop[0]) return;
                for (int t = next.getAndIncrement(); t < w.allTablets.size(); t = next.getAndIncrement()) {
                  Tablet tablet = w.allTablets.get(t);
                  timed(log, w.pointsPerTablet, () -> pool.insert(tablet));
                }
              }
            } catch (InterruptedException | BrokenBarrierException e) {
              firstError.compareAndSet(null, e.toString());
            }
          });
    }
    return bodies;
  }

  private void fillAll(long startTime, int loop) {
    for (int c = 0; c < w.clientNumber(); c++) w.fillTimestamps(c, startTime, loop);
    loops.accumulateAndGet(loop + 1, Math::max);
  }

  private Latencies newLog() {
    Latencies log = new Latencies();
    logs.add(log);
    return log;
  }

  private void timed(Latencies log, long pointsOfOp, Write write) {
    long begin = System.nanoTime();
    try {
      write.run();
      okOps.increment();
      points.add(pointsOfOp);
    } catch (Exception e) {
      failedOps.increment();
      firstError.compareAndSet(null, e.toString());
    }
    log.add(System.nanoTime() - begin);
  }

  @FunctionalInterface
  private interface Write {
    void run() throws Exception;
  }
}
