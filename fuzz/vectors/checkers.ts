// One checker per vector kind. Each lives in its own module. A vector where the Java client threw
// (`output.error`) is checked here, the same way for every kind.
import { checkQuery } from "./check-query.js";
import { checkEncoderRejects } from "./check-rejected.js";
import { checkTsBlock } from "./check-tsblock.js";
import { checkTablet } from "./check-tablet.js";
import { checkRecords } from "./check-records.js";
import { checkSessionCalls } from "./check-session-calls.js";
import { checkTemplate } from "./check-template.js";
import type { KindChecker, Vector } from "./vector.js";

/** Insert kinds: our encoder must throw EncodeError for the input Java threw on. */
const orEncoderRejects =
  (check: KindChecker): KindChecker =>
  (vector) => {
    const error = javaError(vector);
    return error === undefined
      ? check(vector)
      : checkEncoderRejects(vector.kind, vector.input, `the Java client rejected it (${error})`);
  };

/** Decode kinds: without Java's bytes there is nothing to decode, so such a vector fails. */
const decodedOnly =
  (check: KindChecker): KindChecker =>
  (vector) => {
    const error = javaError(vector);
    if (error === undefined) return check(vector);
    const failure = {
      check: "output.error",
      message: `the Java client rejected this ${vector.kind} case (${error}): there are no bytes to decode`,
    };
    return { passed: [], failures: [failure] };
  };

function javaError(vector: Vector): string | undefined {
  const error: unknown = vector.output?.error;
  return typeof error === "string" ? error : undefined;
}

export const checkers: Record<string, KindChecker> = {};

checkers.tsblock = decodedOnly(checkTsBlock);
checkers.queryResponse = decodedOnly(checkQuery);
checkers.tablet = orEncoderRejects(checkTablet);
checkers.insertRecords = orEncoderRejects(checkRecords);
checkers.insertRecord = orEncoderRejects(checkRecords);
checkers.sessionCalls = checkSessionCalls;
checkers.template = checkTemplate;
