package zerowire.bench.codec;

import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * Warm-up then timed batches: the warm-up runs the op for a fixed wall time (JIT settles), its
 * rate sizes each batch to last at least minSampleNanos, and every sample is one batch's mean.
 */
final class Timer {
  /** Results are summed here so the JIT cannot drop the work. */
  static volatile long sink;

  record Result(double medianNs, double minNs, double maxNs, int samples, long opsPerSample) {}

  private Timer() {}

  static Result measure(LongSupplier op, long warmupNanos, int samples, long minSampleNanos) {
    long acc = 0;
    long ops = 0;
    long start = System.nanoTime();
    long elapsed;
    do {
      acc += op.getAsLong();
      ops++;
      elapsed = System.nanoTime() - start;
    } while (elapsed < warmupNanos);
    long batch = Math.max(1, (long) Math.ceil(minSampleNanos / ((double) elapsed / ops)));

    double[] nsPerOp = new double[samples];
    for (int s = 0; s < samples; s++) {
      long t0 = System.nanoTime();
      for (long k = 0; k < batch; k++) {
        acc += op.getAsLong();
      }
      nsPerOp[s] = (double) (System.nanoTime() - t0) / batch;
    }
    sink += acc;
    Arrays.sort(nsPerOp);
    double median =
        samples % 2 == 1
            ? nsPerOp[samples / 2]
            : (nsPerOp[samples / 2 - 1] + nsPerOp[samples / 2]) / 2;
    return new Result(median, nsPerOp[0], nsPerOp[samples - 1], samples, batch);
  }
}
