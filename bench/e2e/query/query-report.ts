// The query benchmark's final table.
import { formatPoints } from "../progress.js";
import { type ResultCase, TARGETS, verdict } from "../results.js";

interface Figures {
  mode: string;
  rows_per_s: number;
  cpu_s_per_mrows: number;
  peak_rss_mb: number;
  peak_rss_mb_bound_read?: number;
  bound_rows?: number;
}

export function printQueryTable(cases: readonly ResultCase[]): void {
  console.log(
    `\n${"case".padEnd(22)}${"client".padEnd(16)}${"rows/s".padStart(11)}${"cpu s/Mrows".padStart(13)}  peak RSS MB (QUERY_ROWS read / QUERY_BOUND_ROWS read)`,
  );
  for (const c of cases) {
    const ours = c.ours as Figures;
    const java = c.java as Figures & { other_mode: Figures };
    console.log(row(c.name, `node ${ours.mode}`, ours));
    console.log(row("", `java ${java.mode}`, java));
    console.log(row("", `java ${java.other_mode.mode}`, java.other_mode));
    const target = TARGETS[c.name];
    console.log(
      `${"".padEnd(22)}${"ratio".padEnd(16)}rows/s node/java ${c.ratio_throughput.toFixed(2)}${range(c)} ${verdict(c.ratio_throughput, target?.throughput, "min")}` +
        `   cpu per row node/java ${c.ratio_cpu.toFixed(2)} ${verdict(c.ratio_cpu, target?.cpu, "max")}`,
    );
  }
}

function range(c: ResultCase): string {
  const r = c.ratio_throughput_rounds;
  return r === undefined ? "" : ` (rounds ${r.min.toFixed(2)}..${r.max.toFixed(2)})`;
}

function row(name: string, client: string, f: Figures): string {
  const bound =
    f.peak_rss_mb_bound_read === undefined
      ? ""
      : ` / ${f.peak_rss_mb_bound_read.toFixed(0)} (${formatPoints(f.bound_rows!)} rows)`;
  return `${name.padEnd(22)}${client.padEnd(16)}${formatPoints(f.rows_per_s).padStart(11)}${f.cpu_s_per_mrows.toFixed(3).padStart(13)}  ${f.peak_rss_mb.toFixed(0)}${bound}`;
}
