// Every type round trip in the tree model, aligned and not, through every insert form: columnar
// tablets, row-built tablets, insertTablets, insertRecords, insertRecordsOfOneDevice and
// insertRecord; each device is queried back and compared exactly (nulls in every position, row
// counts around multiples of 8, NaN/±Infinity/-0, int extremes, 4-byte UTF-8, non-UTF-8 BLOBs);
// and the DataIterator (Java's getters) against the for-await rows of the same data.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { IoTDBError, type Session } from "../src/index.js";
import {
  ALL_COLUMNS,
  columnarTablet,
  type Dataset,
  deviceRecords,
  makeDataset,
  type NullPattern,
  records,
  rowsTablet,
} from "./dataset.js";
import { comparable, openSession, setup, uniqueName } from "./env.js";

const DB = `root.${uniqueName("zw_tree_types")}`;
const ROW_COUNTS = [1, 7, 8, 9, 16, 17];
const PATTERNS: NullPattern[] = ["diagonal", "inverse"];
const FIRST_TIME = 1_700_000_000_000n;

let session: Session;

test.before(
  setup(async () => {
    session = await openSession();
    await session.deleteDatabase(DB).catch((e) => {
      if (!(e instanceof IoTDBError)) throw e; // absent is fine
    });
    await session.createDatabase(DB);
  }),
);

test.after(async () => {
  if (session === undefined) return; // before() failed and said why
  await session.deleteDatabase(DB);
  await session.close();
});

/** Queries the device back and compares every cell with the dataset. */
async function expectDevice(device: string, ds: Dataset, label: string): Promise<void> {
  const names = ALL_COLUMNS.map((c) => c.name);
  const dataSet = await session.executeQueryStatement(`select ${names.join(", ")} from ${device}`);
  assert.equal([...dataSet.columnNames], ["Time", ...names.map((n) => `${device}.${n}`)], `${label}: columns`);
  assert.equal([...dataSet.columnTypes], ["INT64", ...ALL_COLUMNS.map((c) => c.type)], `${label}: types`);
  const rows = await dataSet.toRows();
  const actual = rows.map((r) => comparable([r.timestamp, ...r.fields]));
  const expected = ds.rows.map((row, i) => comparable([ds.times[i], ...row]));
  assert.equal(actual, expected, label);
}

type WriteForm = (device: string, ds: Dataset, aligned: boolean) => Promise<string[]>;

/** Each form writes the dataset and returns the devices that now hold it. */
const FORMS: Record<string, { rowCounts: number[]; write: WriteForm }> = {
  "columnar tablet": {
    rowCounts: ROW_COUNTS,
    write: async (device, ds, aligned) => {
      const tablet = columnarTablet(device, ds);
      await (aligned ? session.insertAlignedTablet(tablet) : session.insertTablet(tablet));
      return [device];
    },
  },
  "row-built tablet": {
    rowCounts: ROW_COUNTS,
    write: async (device, ds, aligned) => {
      const tablet = rowsTablet("tree", device, ds);
      await (aligned ? session.insertAlignedTablet(tablet) : session.insertTablet(tablet));
      return [device];
    },
  },
  insertTablets: {
    rowCounts: [8, 17],
    write: async (device, ds, aligned) => {
      const tablets = [columnarTablet(device, ds), rowsTablet("tree", `${device}_b`, ds)];
      await (aligned ? session.insertAlignedTablets(tablets) : session.insertTablets(tablets));
      return [device, `${device}_b`];
    },
  },
  insertRecords: {
    rowCounts: [7, 9],
    write: async (device, ds, aligned) => {
      const list = records(device, ds);
      await (aligned ? session.insertAlignedRecords(list) : session.insertRecords(list));
      return [device];
    },
  },
  insertRecordsOfOneDevice: {
    rowCounts: [8, 9],
    write: async (device, ds, aligned) => {
      // given in reverse time order: the client sorts them as Java does
      const list = deviceRecords(ds).reverse();
      await (aligned
        ? session.insertAlignedRecordsOfOneDevice(device, list)
        : session.insertRecordsOfOneDevice(device, list));
      return [device];
    },
  },
  insertRecord: {
    rowCounts: [9],
    write: async (device, ds, aligned) => {
      for (const record of records(device, ds))
        await (aligned ? session.insertAlignedRecord(record) : session.insertRecord(record));
      return [device];
    },
  },
};

for (const aligned of [false, true]) {
  for (const [form, { rowCounts, write }] of Object.entries(FORMS)) {
    test(`tree ${aligned ? "aligned" : "non-aligned"}, ${form}: every type round trips exactly (rows ${rowCounts.join("/")}, both null patterns)`, async () => {
      for (const pattern of PATTERNS) {
        for (const n of rowCounts) {
          const device = `${DB}.${aligned ? "a" : "n"}_${form.replace(/[^a-zA-Z]/g, "")}_${pattern}_${n}`;
          const ds = makeDataset(n, pattern, FIRST_TIME);
          for (const written of await write(device, ds, aligned))
            await expectDevice(written, ds, `${written} (${n} rows, ${pattern})`);
        }
      }
    });
  }
}

/** What getString gives for a non-null field, derived from the field (not from the client's text code). */
function expectedText(type: string, field: unknown, precision: string): string | undefined {
  switch (type) {
    case "BOOLEAN":
    case "INT32":
    case "INT64":
    case "TEXT":
    case "STRING":
    case "DATE":
      return String(field);
    case "BLOB":
      return `0x${(field as Buffer).toString("hex")}`;
    case "TIMESTAMP": {
      // a UTC session: ISO-8601 with "Z", the fraction by precision; checked within Date's years 0..9999
      const t = field as bigint;
      if (precision !== "ms" || t < -62167219200000n || t > 253402300799999n) return undefined;
      return new Date(Number(t)).toISOString();
    }
    default:
      return undefined; // FLOAT / DOUBLE: checked by reading the text back
  }
}

test("DataIterator: typed getters, getObject, isNull and getString by index and by name equal the for-await rows, every type, over several fetches", async () => {
  const device = `${DB}.iterated`;
  const ds = makeDataset(17, "diagonal", FIRST_TIME);
  await session.insertTablet(columnarTablet(device, ds));
  const names = ALL_COLUMNS.map((c) => c.name);
  const sql = `select ${names.join(", ")} from ${device}`;
  const utc = await openSession({ zoneId: "UTC", fetchSize: 5 });
  try {
    const rows = await (await utc.executeQueryStatement(sql)).toRows();
    assert.is(rows.length, 17);
    const it = (await utc.executeQueryStatement(sql)).iterator();
    assert.equal(it.getColumnNameList(), ["Time", ...names.map((n) => `${device}.${n}`)]);
    let r = 0;
    while (await it.next()) {
      const row = rows[r]!;
      assert.is(it.getLong(1), row.timestamp);
      assert.is(it.getTimestamp("Time"), row.timestamp);
      ALL_COLUMNS.forEach((col, c) => {
        const field = row.fields[c];
        const name = `${device}.${col.name}`;
        const label = `row ${r} ${col.name}`;
        assert.is(it.findColumn(name), c + 2);
        for (const ref of [c + 2, name]) {
          assert.is(it.isNull(ref), field === null, `${label} isNull`);
          assert.equal(comparable(it.getObject(ref)), comparable(field), `${label} getObject`);
          const typed = {
            BOOLEAN: () => it.getBoolean(ref),
            INT32: () => it.getInt(ref),
            INT64: () => it.getLong(ref),
            FLOAT: () => it.getFloat(ref),
            DOUBLE: () => it.getDouble(ref),
            TEXT: () => it.getString(ref),
            STRING: () => it.getString(ref),
            BLOB: () => it.getBlob(ref),
            DATE: () => it.getDate(ref),
            TIMESTAMP: () => it.getTimestamp(ref),
          }[col.type]!();
          assert.equal(comparable(typed), comparable(field), `${label} typed getter`);
          const text = it.getString(ref);
          if (field === null) {
            assert.is(text, null, `${label} getString of null`);
          } else if (col.type === "FLOAT" || col.type === "DOUBLE") {
            const back = Number(text); // Java's "NaN", "-Infinity", "1.0E10", "-0.0" all read back
            assert.equal(
              comparable(col.type === "FLOAT" ? Math.fround(back) : back),
              comparable(field),
              `${label} getString ${text} reads back`,
            );
          } else {
            const expected = expectedText(col.type, field, utc.timestampPrecision);
            if (expected !== undefined) assert.is(text, expected, `${label} getString`);
          }
        }
      });
      r++;
    }
    assert.is(r, 17);
  } finally {
    await utc.close();
  }
});

test("an aligned device is reported aligned by the server; a non-aligned one is not", async () => {
  const dataSet = await session.executeQueryStatement(`show devices ${DB}.*`);
  const column = dataSet.columnNames.indexOf("IsAligned");
  const shown = await dataSet.toRows();
  const aligned = new Map(shown.map((r) => [r.fields[0] as string, r.fields[column] as string]));
  assert.is(aligned.get(`${DB}.a_columnartablet_diagonal_8`), "true");
  assert.is(aligned.get(`${DB}.n_columnartablet_diagonal_8`), "false");
});

test.run();
