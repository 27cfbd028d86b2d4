// Decides one case: does our codec do what the Java client did (or what the project's policy says)?
import {
  EncodeError,
  insertRecordCall,
  insertRecordsCall,
  insertTabletCall,
  writeCallFrame,
  type InsertCall,
} from "@zerowire/iotdb-codec";
import { Writer } from "@zerowire/writer";
import { checkers } from "../vectors/checkers.js";
import { columnarTablet, rowsTablet, vectorRecords, type RecordsInput, type TabletInput } from "../vectors/vector-input.js";
import type { Failure, Vector } from "../vectors/vector.js";
import type { CaseInput, FuzzCase } from "./case-types.js";
import { plainColumnarTablet } from "./plain-columnar.js";

export type Verdict =
  /** Java produced bytes (or sent nothing) and ours agree on every check. */
  | { outcome: "match"; javaSentNothing: boolean }
  /** Java threw, and so did our encoder (EncodeError) in every input form. */
  | { outcome: "rejectedByBoth" }
  /** A lone surrogate, rejected (EncodeError) in every input form, as the policy says. */
  | { outcome: "loneSurrogateRejected" }
  | { outcome: "mismatch"; failures: Failure[] };

export async function judge(fuzzCase: FuzzCase, vector: Vector | undefined): Promise<Verdict> {
  const { family, input } = fuzzCase;
  if (family === "loneSurrogate") {
    const failures = mustReject(input, "lone surrogate (policy: reject strings that are not well-formed UTF-16)");
    return failures.length === 0 ? { outcome: "loneSurrogateRejected" } : { outcome: "mismatch", failures };
  }
  if (vector === undefined) throw new Error(`no Java vector for a ${family} case`);
  const out = vector.output;
  if (typeof out.error === "string") {
    if (input.kind === "tsblock") {
      return { outcome: "mismatch", failures: [{ check: "generator", message: `the Java client rejected a generated TsBlock case: ${out.error}` }] };
    }
    const failures = mustReject(input, `Java rejected it (${out.error})`);
    return failures.length === 0 ? { outcome: "rejectedByBoth" } : { outcome: "mismatch", failures };
  }
  const javaSentNothing = out.sessionSentNothing === true;
  const failures: Failure[] = [];
  if (javaSentNothing && input.kind !== "tablet" && input.kind !== "tsblock") {
    // All-null (or no) records: Java builds no request, so there are no bytes to compare.
    sendsNothing(() => recordsCall(input), failures);
  } else {
    try {
      failures.push(...(await checkers[vector.kind]!(vector)).failures);
    } catch (err) {
      failures.push({ check: `checker threw ${(err as Error)?.name ?? "error"}`, message: String((err as Error)?.stack ?? err) });
    }
    if (input.kind === "tablet") {
      const call = attempt(() => insertTabletCall(columnarTablet(input as unknown as TabletInput)));
      if (!(call instanceof Error) && call.needsSending === javaSentNothing) {
        failures.push({ check: "needsSending vs Java's sessionSentNothing", message: `needsSending=${call.needsSending}, Java sessionSentNothing=${javaSentNothing}` });
      }
    }
  }
  return failures.length === 0 ? { outcome: "match", javaSentNothing } : { outcome: "mismatch", failures };
}

/** Groups failures: the kind and the first failing check, without indices and column names. */
export function failureKey(kind: string, failure: Failure): string {
  return `${kind}: ${failure.check.replace(/\[\d+\]/g, "[]").replace(/ \(.*\)$/, "")}`;
}

/** Every input form must throw EncodeError while building the call or writing its frames. */
function mustReject(input: CaseInput, why: string): Failure[] {
  const failures: Failure[] = [];
  for (const [form, build] of inputForms(input)) {
    const result = attempt(() => {
      const call = build();
      for (const protocol of ["binary", "compact"] as const) writeCallFrame(new Writer(), call, { sessionId: 42n, seqid: 1, protocol });
      return call;
    });
    if (result instanceof EncodeError) continue;
    failures.push({
      check: result instanceof Error ? `${form}: threw ${result.name}, not EncodeError` : `${form}: accepted`,
      message: `${why}; our encoder ${result instanceof Error ? `threw ${result.name}: ${result.message}` : "encoded it without an error"}`,
    });
  }
  return failures;
}

function inputForms(input: CaseInput): [string, () => InsertCall][] {
  if (input.kind === "tablet") {
    const tablet = input as unknown as TabletInput;
    return [
      ["rows", () => insertTabletCall(rowsTablet(tablet))],
      ["plain columnar", () => insertTabletCall(plainColumnarTablet(tablet))],
    ];
  }
  if (input.kind === "tsblock") throw new Error("TsBlock cases are decoded, never encoded");
  return [["records", () => recordsCall(input)]];
}

function recordsCall(input: CaseInput): InsertCall {
  const records = vectorRecords(input as unknown as RecordsInput);
  const options = { aligned: (input as RecordsInput).aligned };
  return input.kind === "insertRecord" ? insertRecordCall(records[0]!, options) : insertRecordsCall(records, options);
}

function sendsNothing(build: () => InsertCall, failures: Failure[]): void {
  const call = attempt(build);
  if (call instanceof Error) failures.push({ check: "records call", message: `Java sent nothing, ours threw ${call.name}: ${call.message}` });
  else if (call.needsSending) failures.push({ check: "needsSending", message: "Java sent nothing (all values null), ours would send the call" });
}

function attempt<T>(f: () => T): T | Error {
  try {
    return f();
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}
