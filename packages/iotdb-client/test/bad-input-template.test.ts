// Rows C60-C61 of docs/bad-input.md: the codec's serializeTemplate with bad input (no server):
// the row's error, and nothing returned.
import { test } from "uvu";
import { serializeTemplate, type TemplateCodes } from "@zerowire/iotdb-codec";
import { assertRowError, rowTests } from "./helpers/bad-input-table.js";

const rowTest = rowTests(test);
const template = (over: Partial<TemplateCodes> = {}): TemplateCodes => ({
  name: "t",
  aligned: false,
  measurements: [{ name: "s", dataType: 1, encoding: 0, compressor: 0 }],
  ...over,
});

function templateRow(id: string, input: TemplateCodes): void {
  rowTest(id, (row) => {
    let returned: unknown;
    let error: unknown;
    try {
      returned = serializeTemplate(input);
    } catch (e) {
      error = e;
    }
    assertRowError(row, error);
    if (returned !== undefined) throw new Error(`${id}: bytes were returned`);
  });
}

templateRow("C60", template({ measurements: [{ name: "s", dataType: 1, encoding: 300, compressor: 0 }] }));
templateRow("C61", template({ aligned: "yes" as never }));

test.run();
