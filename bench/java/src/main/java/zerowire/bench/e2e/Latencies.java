package zerowire.bench.e2e;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Per-op latencies of one thread, and the nearest-rank summary the Node side computes too. */
final class Latencies {
  private long[] nanos = new long[1024];
  private int count;

  void add(long ns) {
    if (count == nanos.length) nanos = Arrays.copyOf(nanos, count * 2);
    nanos[count++] = ns;
  }

  /** Every latency of every log, sorted. */
  static long[] all(List<Latencies> logs) {
    int total = 0;
    for (Latencies l : logs) total += l.count;
    long[] all = new long[total];
    int at = 0;
    for (Latencies l : logs) {
      System.arraycopy(l.nanos, 0, all, at, l.count);
      at += l.count;
    }
    Arrays.sort(all);
    return all;
  }

  /** min/p50/p90/p95/p99/max/avg in milliseconds over sorted latencies. */
  static Map<String, Object> summarize(long[] sorted) {
    Map<String, Object> out = new LinkedHashMap<>();
    int total = sorted.length;
    if (total == 0) {
      for (String k : new String[] {"min", "p50", "p90", "p95", "p99", "max", "avg"}) out.put(k, 0.0);
      return out;
    }
    double sum = 0;
    for (long v : sorted) sum += v;
    out.put("min", ms(sorted[0]));
    out.put("p50", ms(rank(sorted, 0.5)));
    out.put("p90", ms(rank(sorted, 0.9)));
    out.put("p95", ms(rank(sorted, 0.95)));
    out.put("p99", ms(rank(sorted, 0.99)));
    out.put("max", ms(sorted[total - 1]));
    out.put("avg", sum / total / 1e6);
    return out;
  }

  /** Every latency in milliseconds (a worker's, for the merged summary of its group). */
  static double[] millis(long[] sorted) {
    double[] out = new double[sorted.length];
    for (int i = 0; i < sorted.length; i++) out[i] = ms(sorted[i]);
    return out;
  }

  private static long rank(long[] sorted, double p) {
    return sorted[Math.max(0, (int) Math.ceil(p * sorted.length) - 1)];
  }

  private static double ms(long ns) {
    return ns / 1e6;
  }
}
