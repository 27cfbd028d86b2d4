// The bad-input catalogue (docs/bad-input.md) as data, so each row's test asserts what the row
// says: the error class (and IoTDB status code), the message, and whether anything reaches the
// server. A row's test is registered with rowTest("ID", ...) (or a helper named *Row that calls
// it): the sync test reads the test sources for those ids, so a row without a test, or a test
// without a row, fails the suite.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Test } from "uvu";
import * as assert from "uvu/assert";

export const CATALOGUE_PATH = resolve(import.meta.dirname, "../../../../docs/bad-input.md");

/** What reaches the server: nothing (refused before sending), or the request (the server answers it). */
export type Sent = "nothing" | "request";

export interface BadInputRow {
  id: string;
  entryPoint: string;
  input: string;
  /** Error class name, or "none" when the input is accepted. */
  errorClass: string;
  /** The IoTDB status code, for server refusals (`IoTDBError 509`). */
  code: number | undefined;
  /** The message (or the part of it the row shows); undefined when accepted. */
  message: string | undefined;
  /** `text`: the whole message; `text`…: its start; …`text`…: a part of it. */
  match: "exact" | "prefix" | "contains";
  sent: Sent;
}

const ROW = /^\|\s*([A-Z]\d{2})\s*\|/;
const MESSAGE = /^(…)?`(.*)`(…)?$/;
const ERROR = /^`?([A-Za-z]+)(?:\s+(\d+))?`?$/;

/** Every row of the table, by id (the file is read once per process). */
export function catalogueRows(): Map<string, BadInputRow> {
  cached ??= parseCatalogue(readFileSync(CATALOGUE_PATH, "utf8"));
  return cached;
}
let cached: Map<string, BadInputRow> | undefined;

export function parseCatalogue(markdown: string): Map<string, BadInputRow> {
  const rows = new Map<string, BadInputRow>();
  for (const line of markdown.split("\n")) {
    if (!ROW.test(line)) continue;
    const cells = splitCells(line);
    if (cells.length !== 6)
      throw new Error(
        `bad-input.md: a row needs 6 cells (id, entry point, input, error, message, sent), got ${cells.length}: ${line}`,
      );
    const [id, entryPoint, input, error, message, sent] = cells as [string, string, string, string, string, string];
    if (rows.has(id)) throw new Error(`bad-input.md: row ${id} appears twice`);
    const errorMatch = ERROR.exec(error);
    if (errorMatch === null)
      throw new Error(`bad-input.md ${id}: error cell ${JSON.stringify(error)} is not "Class" or "IoTDBError code"`);
    const accepted = errorMatch[1] === "none";
    const messageMatch = MESSAGE.exec(message);
    if (!accepted && messageMatch === null)
      throw new Error(`bad-input.md ${id}: message cell must be \`text\`, \`text\`… or …\`text\`…, got ${message}`);
    rows.set(id, {
      id,
      entryPoint,
      input,
      errorClass: errorMatch[1]!,
      code: errorMatch[2] === undefined ? undefined : Number(errorMatch[2]),
      message: accepted ? undefined : messageMatch![2],
      match: accepted ? "exact" : matchOf(messageMatch!),
      sent: sentOf(id, sent),
    });
  }
  return rows;
}

function matchOf(m: RegExpExecArray): BadInputRow["match"] {
  if (m[1] !== undefined) return "contains";
  return m[3] === undefined ? "exact" : "prefix";
}

function sentOf(id: string, cell: string): Sent {
  if (cell.startsWith("nothing")) return "nothing";
  if (cell.startsWith("the request")) return "request";
  throw new Error(
    `bad-input.md ${id}: "sent to server" must start with "nothing" or "the request", got ${JSON.stringify(cell)}`,
  );
}

/** Cells between the outer pipes; `\|` is a literal pipe. */
function splitCells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

export function catalogueRow(id: string): BadInputRow {
  const row = catalogueRows().get(id);
  if (row === undefined) throw new Error(`docs/bad-input.md has no row ${id}`);
  return row;
}

/** The test name of a row: its id first (the sync test looks for rowTest("ID", ...) calls). */
export function rowTitle(row: BadInputRow): string {
  return `${row.id} ${row.entryPoint}: ${row.input}`;
}

/** `rowTest("ID", (row) => ...)` registers the row's test on `suite`, named after the row. */
export function rowTests(suite: Test): (id: string, body: (row: BadInputRow) => void | Promise<void>) => void {
  return (id, body) => {
    const row = catalogueRow(id);
    suite(rowTitle(row), () => body(row));
  };
}

/**
 * Ids of the rows whose tests a source file registers: rowTest("ID", ...), or a helper named like writerRow("ID", ...).
 */
export function rowTestIds(source: string): string[] {
  return [...source.matchAll(/\b(?:rowTest|\w+Row)\(\s*"([A-Z]\d{2})"/g)].map((m) => m[1]!);
}

/** Asserts `error` is what the row names: class, status code and message. */
export function assertRowError(row: BadInputRow, error: unknown): void {
  assert.ok(row.errorClass !== "none", `${row.id} is an accepted input, not an error`);
  assert.ok(
    error instanceof Error,
    `${row.id}: expected ${row.errorClass}, got ${error === undefined ? "success" : String(error)}`,
  );
  const e = error as Error & { code?: unknown };
  assert.is(e.name, row.errorClass, `${row.id}: error class (message: ${e.message})`);
  if (row.code !== undefined) assert.is(e.code, row.code, `${row.id}: status code (message: ${e.message})`);
  const shown = `${row.id}: message ${JSON.stringify(e.message)} should`;
  if (row.match === "prefix")
    assert.ok(e.message.startsWith(row.message!), `${shown} start with ${JSON.stringify(row.message)}`);
  else if (row.match === "contains")
    assert.ok(e.message.includes(row.message!), `${shown} contain ${JSON.stringify(row.message)}`);
  else assert.is(e.message, row.message, `${row.id}: message`);
}

/** What a call did: threw/rejected with an error, or returned. */
export async function outcomeOf(run: () => unknown): Promise<{ error: unknown; threw: boolean }> {
  try {
    await run();
    return { error: undefined, threw: false };
  } catch (error) {
    return { error, threw: true };
  }
}
