// Inputs our encoder must refuse: vectors where the Java client threw (`output.error`), and the
// project's policy cases (fuzz/codec-java). Every input form must throw EncodeError, while building
// the insert call or writing its frames (binary and compact).
import { EncodeError, insertTabletCall, writeCallFrame, type InsertCall } from "@zerowire/iotdb-codec";
import { Writer } from "@zerowire/writer";
import { SEQID, SESSION_ID } from "./check-tablet.js";
import {
  plainColumnarTablet,
  rowsTablet,
  vectorRecordsCall,
  type RecordsInput,
  type TabletInput,
} from "./vector-input.js";
import type { CheckResult } from "./vector.js";

/**
 * One pass per input form that threw EncodeError (with a message matching `reason`, when given),
 * one failure per form that did not. `why` says why it must be refused, for the failure message.
 */
export function checkEncoderRejects(kind: string, input: unknown, why: string, reason?: RegExp): CheckResult {
  const result: CheckResult = { passed: [], failures: [] };
  for (const [form, build] of insertCallForms(kind, input)) {
    const outcome = attempt(() => {
      const call = build();
      for (const protocol of ["binary", "compact"] as const)
        writeCallFrame(new Writer(), call, { sessionId: SESSION_ID, seqid: SEQID, protocol });
    });
    if (outcome instanceof EncodeError && (reason === undefined || reason.test(outcome.message))) {
      result.passed.push(`${form} rejected`);
      continue;
    }
    result.failures.push({
      check:
        outcome === undefined
          ? `${form}: accepted`
          : outcome instanceof EncodeError
            ? `${form}: rejected for another reason`
            : `${form}: threw ${outcome.name}, not EncodeError`,
      message: `${why}; our encoder ${outcome === undefined ? "encoded it without an error" : `threw ${outcome.name}: ${outcome.message}`}`,
    });
  }
  return result;
}

/** The ways the encoder is given a vector's input. Tablets: rows, and columnar with plain arrays
 *  (typed arrays would wrap the values Java rejects before the encoder sees them). */
function insertCallForms(kind: string, input: unknown): [string, () => InsertCall][] {
  switch (kind) {
    case "tablet":
      return [
        ["rows", () => insertTabletCall(rowsTablet(input as TabletInput))],
        ["plain columnar", () => insertTabletCall(plainColumnarTablet(input as TabletInput))],
      ];
    case "insertRecords":
    case "insertRecord":
      return [["records", () => vectorRecordsCall(kind, input as RecordsInput)]];
    default:
      throw new Error(`kind ${JSON.stringify(kind)} is not encoded, so it cannot be rejected by the encoder`);
  }
}

function attempt(f: () => void): Error | undefined {
  try {
    f();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}
