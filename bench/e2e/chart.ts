// bench/results/e2e.svg: grouped bars (ours vs Java) drawn from e2e.json: write throughput,
// client CPU per point, and query rows/s. A bar is the median of the timed rounds (what the ratio
// compares); every round is drawn on it as a dot, so a noisy case shows its spread.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { RESULTS_DIR, type ResultCase, type ResultFile } from "./results.js";

interface Panel {
  title: string;
  unit: string;
  bars: { label: string; ours: number; java: number; oursRounds: number[]; javaRounds: number[]; note: string }[];
}

const WIDTH = 960;
const PANEL_HEIGHT = 250;
const LEFT = 70;
const COLORS = { ours: "#2b7bb9", java: "#e07b39" };

export function writeChart(file: ResultFile): string {
  const write = file.cases.filter((c) => "points_per_s" in c.ours);
  const query = file.cases.filter((c) => "rows_per_s" in c.ours);
  const panels: Panel[] = [];
  if (write.length > 0) {
    panels.push({
      title: "Write throughput (higher is better)",
      unit: "M points/s",
      bars: write.map((c) =>
        bar(
          c,
          ["median_points_per_s", "points_per_s"],
          "round_points_per_s",
          1e-6,
          `×${c.ratio_throughput.toFixed(2)}`,
        ),
      ),
    });
    panels.push({
      title: "Client CPU per point (lower is better)",
      unit: "CPU s / M points",
      bars: write.map((c) =>
        bar(
          c,
          ["median_cpu_s_per_mpoints", "cpu_s_per_mpoints"],
          "round_cpu_s_per_mpoints",
          1,
          `×${c.ratio_cpu.toFixed(2)}`,
        ),
      ),
    });
  }
  if (query.length > 0) {
    panels.push({
      title: "Query: rows × 10 columns read back, ours vs Java's faster way (higher is better)",
      unit: "M rows/s",
      bars: query.map((c) => bar(c, ["rows_per_s"], "round_rows_per_s", 1e-6, `×${c.ratio_throughput.toFixed(2)}`)),
    });
  }
  const height = 90 + panels.length * PANEL_HEIGHT;
  const body = panels.map((p, i) => drawPanel(p, 80 + i * PANEL_HEIGHT)).join("\n");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="12">\n` +
    `<rect width="100%" height="100%" fill="white"/>\n` +
    `<text x="${LEFT}" y="24" font-size="16" font-weight="bold">End-to-end: @zerowire/iotdb-client vs iotdb-session 2.0.5 (Java), same server, same run</text>\n` +
    `<rect x="${LEFT}" y="36" width="12" height="12" fill="${COLORS.ours}"/><text x="${LEFT + 17}" y="47">ours, @zerowire/iotdb-client (Node ${escapeXml(file.node)})</text>\n` +
    `<rect x="${LEFT + 330}" y="36" width="12" height="12" fill="${COLORS.java}"/><text x="${LEFT + 347}" y="47">Java, iotdb-session 2.0.5</text>\n` +
    `<text x="${LEFT}" y="68" fill="#555">server: ${escapeXml(file.server)}. Bars: median of the timed rounds; dots: each round, in order.</text>\n` +
    `${body}\n</svg>\n`;
  const path = resolve(RESULTS_DIR, "e2e.svg");
  writeFileSync(path, svg);
  return path;
}

/** The first of `keys` a side has (results from before the medians have only totals), and its rounds. */
function bar(
  c: ResultCase,
  keys: readonly string[],
  roundsKey: string,
  scale: number,
  note: string,
): Panel["bars"][number] {
  const value = (o: object) => {
    const r = o as Record<string, number>;
    return (keys.map((k) => r[k]).find((v) => v !== undefined) ?? 0) * scale;
  };
  const rounds = (o: object) => ((o as Record<string, number[]>)[roundsKey] ?? []).map((v) => v * scale);
  return {
    label: c.name.replace(/^e2e-/, ""),
    ours: value(c.ours),
    java: value(c.java),
    oursRounds: rounds(c.ours),
    javaRounds: rounds(c.java),
    note: `ours/java ${note}`,
  };
}

function drawPanel(p: Panel, top: number): string {
  const plotTop = top + 30;
  const plotHeight = PANEL_HEIGHT - 80;
  const plotWidth = WIDTH - LEFT - 20;
  const highest = Math.max(...p.bars.flatMap((b) => [b.ours, b.java, ...b.oursRounds, ...b.javaRounds]), 1e-9);
  const step = niceStep(highest / 4);
  const max = step * Math.ceil((highest * 1.1) / step);
  const y = (v: number) => plotTop + plotHeight - (v / max) * plotHeight;
  const group = plotWidth / p.bars.length;
  const barWidth = Math.min(60, group / 3);
  const out = [
    `<text x="${LEFT}" y="${top + 16}" font-size="14" font-weight="bold">${escapeXml(p.title)}</text>`,
    `<text x="12" y="${plotTop + plotHeight / 2}" transform="rotate(-90 12 ${plotTop + plotHeight / 2})" text-anchor="middle">${escapeXml(p.unit)}</text>`,
    `<line x1="${LEFT}" y1="${plotTop + plotHeight}" x2="${LEFT + plotWidth}" y2="${plotTop + plotHeight}" stroke="#333"/>`,
  ];
  for (let v = 0; v <= max + step / 2; v += step) {
    out.push(`<line x1="${LEFT}" y1="${y(v)}" x2="${LEFT + plotWidth}" y2="${y(v)}" stroke="#ddd"/>`);
    out.push(`<text x="${LEFT - 6}" y="${y(v) + 4}" text-anchor="end">${+v.toPrecision(6)}</text>`);
  }
  p.bars.forEach((b, i) => {
    const center = LEFT + group * (i + 0.5);
    for (const [side, value, rounds, x] of [
      ["ours", b.ours, b.oursRounds, center - barWidth - 2],
      ["java", b.java, b.javaRounds, center + 2],
    ] as const) {
      out.push(
        `<rect x="${x}" y="${y(value)}" width="${barWidth}" height="${plotTop + plotHeight - y(value)}" fill="${COLORS[side]}"/>`,
      );
      const labelY = Math.min(y(value), ...rounds.map(y)) - 6;
      out.push(`<text x="${x + barWidth / 2}" y="${labelY}" text-anchor="middle">${formatTick(value)}</text>`);
      rounds.forEach((v, r) => {
        // Spread the dots across the bar in round order, so equal values stay visible.
        const cx = x + (barWidth * (r + 1)) / (rounds.length + 1);
        out.push(
          `<circle cx="${cx.toFixed(1)}" cy="${y(v).toFixed(1)}" r="3" fill="white" stroke="#222"><title>round ${r + 1}: ${formatTick(v)}</title></circle>`,
        );
      });
    }
    out.push(`<text x="${center}" y="${plotTop + plotHeight + 18}" text-anchor="middle">${escapeXml(b.label)}</text>`);
    out.push(
      `<text x="${center}" y="${plotTop + plotHeight + 34}" text-anchor="middle" fill="#555">${escapeXml(b.note)}</text>`,
    );
  });
  return out.join("\n");
}

/** 1, 2 or 5 times a power of ten, at least `rough`. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
}

function formatTick(v: number): string {
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(v >= 1 ? 2 : 3);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
