// Write-to-acknowledgement latency of the batching writer's rows: the sampled rows of a target
// settle in the order written, k at a time per acknowledged request, failed ones without a latency.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { RowAckLatency } from "../row-ack-latency.js";
import { LatencyLog } from "../round-measure.js";

const logged = (log: LatencyLog) => Array.from(LatencyLog.all([log]));

test("a request of k rows settles the target's next k rows: only the sampled ones among them get a latency, from their own write", () => {
  const log = new LatencyLog();
  const probe = new RowAckLatency(log);
  probe.sampled("d1", 0, 10);
  probe.sampled("d1", 16, 12);
  probe.sampled("d2", 3, 11);
  probe.acknowledged("d1", 10, 50); // d1 rows 0..9: row 0
  assert.equal(logged(log), [40]);
  probe.acknowledged("d2", 3, 60); // d2 rows 0..2: row 3 not yet
  assert.equal(logged(log), [40]);
  probe.acknowledged("d1", 7, 70); // d1 rows 10..16: row 16
  probe.acknowledged("d2", 1, 80); // d2 row 3
  assert.equal(logged(log), [40, 58, 69]);
  assert.is(probe.endRound(), 0);
});

test("failed rows settle without a latency, so the target's later rows are not taken for them", () => {
  const log = new LatencyLog();
  const probe = new RowAckLatency(log);
  probe.sampled("d", 0, 0);
  probe.sampled("d", 5, 1);
  probe.failed("d", 5); // rows 0..4 failed: row 0 leaves without a latency
  probe.acknowledged("d", 1, 9); // row 5
  assert.equal(logged(log), [8]);
  assert.is(probe.endRound(), 0);
});

test("a round that ends with sampled rows unsettled says how many; the next round counts its rows from 0 again", () => {
  const log = new LatencyLog();
  const probe = new RowAckLatency(log);
  probe.sampled("d", 0, 0);
  probe.sampled("d", 1, 0);
  probe.acknowledged("d", 1, 5);
  assert.is(probe.endRound(), 1);
  probe.sampled("d", 0, 100);
  probe.acknowledged("d", 1, 103);
  assert.equal(logged(log), [5, 3]);
  assert.is(probe.endRound(), 0);
});

test("a row sampled below the settled count is a bookkeeping error, not a silent latency", () => {
  const probe = new RowAckLatency(new LatencyLog());
  probe.acknowledged("d", 4, 1);
  assert.throws(() => probe.sampled("d", 2, 2), /row 2 sampled after 4 rows settled/);
});

test("many samples: settled entries are dropped as it goes, every latency still logged once", () => {
  const log = new LatencyLog();
  const probe = new RowAckLatency(log);
  for (let i = 0; i < 5000; i++) {
    probe.sampled("d", i, i);
    if (i % 7 === 6) probe.acknowledged("d", 7, i + 1);
  }
  probe.acknowledged("d", 5000 - 4998, 6000); // rows 4998, 4999
  const all = logged(log);
  assert.is(all.length, 5000);
  assert.is(all[0], 7); // row 0, written at 0, acknowledged at 7
  assert.is(all.at(-1), 6000 - 4999);
  assert.is(probe.endRound(), 0);
});

test.run();
