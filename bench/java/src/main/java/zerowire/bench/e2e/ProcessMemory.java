package zerowire.bench.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;

/** The process's peak resident memory, which the e2e reads and the row-arrival write cases report. */
final class ProcessMemory {
  private ProcessMemory() {}

  /** VmHWM: the most resident memory the process has had, in MB (-1 if /proc does not say). */
  static double peakRssMb() throws IOException {
    for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
      if (line.startsWith("VmHWM:")) return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
    }
    return -1;
  }
}
