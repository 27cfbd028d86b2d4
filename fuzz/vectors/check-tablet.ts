// kind "tablet": builds the tablet from `input` in both input forms (columnar typed arrays, and
// rows through TabletBuilder) and compares each with the Java client's buffers, request structs
// and framed insertTablet messages (sessionId 42, seqid 1), and needsSending with whether Java sent it.
import {
  encodeTabletBuffers,
  insertTabletCall,
  writeCallFrame,
  writeCallRequest,
  type Tablet,
} from "@zerowire/iotdb-codec";
import { prepareTablet } from "@zerowire/iotdb-codec/lower-level";
import { Writer } from "@zerowire/writer";
import { columnarTablet, rowsTablet, type TabletInput } from "./vector-input.js";
import { compareHex, compareValue, type CheckResult, type Section, type Vector } from "./vector.js";

export const SESSION_ID = 42n;
export const SEQID = 1;

interface LayoutEntry {
  part: string;
  column: string;
  offset: number;
  length: number;
}

export function checkTablet(vector: Vector): CheckResult {
  const input = vector.input as TabletInput;
  const out = vector.output;
  const result: CheckResult = { passed: [], failures: [] };
  const valueSections: Section[] = (out.valuesLayout as LayoutEntry[]).map((e) => ({
    name: `${e.part} of ${e.column}`,
    offset: e.offset,
    length: e.length,
  }));
  // Java sent nothing: fuzz/java says so with `sessionSentNothing` (the request it would build is
  // still in the output). The shared vectors have no such flag; their one such case is a 0-row
  // table tablet, which TableSession.insert never sends.
  const javaSentNothing = out.sessionSentNothing === true || (input.model === "table" && input.timestamps.length === 0);
  const forms: [string, () => Tablet][] = [
    ["columnar", () => columnarTablet(input)],
    ["rows", () => rowsTablet(input)],
  ];
  for (const [form, make] of forms) {
    const tablet = make();
    const buffers = encodeTabletBuffers(tablet);
    compareHex(result, `${form} timestampsHex`, buffers.timestamps, out.timestampsHex);
    compareHex(result, `${form} valuesHex`, buffers.values, out.valuesHex, valueSections);
    compareValue(result, `${form} sortedBySession`, prepareTablet(tablet).order !== undefined, out.sortedBySession);
    const call = insertTabletCall(tablet);
    compareValue(result, `${form} needsSending`, call.needsSending, !javaSentNothing);
    for (const protocol of ["binary", "compact"] as const) {
      const suffix = protocol === "binary" ? "Binary" : "Compact";
      const req = new Writer();
      writeCallRequest(req, call, { sessionId: SESSION_ID, protocol });
      const reqHex: string = out[`req${suffix}Hex`];
      compareHex(result, `${form} req${suffix}Hex`, req.peek(), reqHex, embeddedSections(reqHex, out, valueSections));
      const frame = new Writer();
      writeCallFrame(frame, call, { sessionId: SESSION_ID, seqid: SEQID, protocol });
      const frameHex: string = out[`frame${suffix}Hex`];
      compareHex(
        result,
        `${form} frame${suffix}Hex`,
        frame.peek(),
        frameHex,
        embeddedSections(frameHex, out, valueSections),
      );
    }
  }
  return result;
}

/** Value-buffer sections and the time buffer located inside a request or frame, for diagnostics. */
function embeddedSections(hex: string, out: any, valueSections: Section[]): Section[] {
  const bytes = Buffer.from(hex, "hex");
  const sections: Section[] = [];
  const values = Buffer.from(out.valuesHex, "hex");
  const at = values.length > 0 ? bytes.indexOf(values) : -1;
  if (at >= 0) for (const s of valueSections) sections.push({ ...s, offset: s.offset + at });
  const times = Buffer.from(out.timestampsHex, "hex");
  const timesAt = times.length > 0 ? bytes.indexOf(times) : -1;
  if (timesAt >= 0) sections.push({ name: "timestamps", offset: timesAt, length: times.length });
  return sections;
}
