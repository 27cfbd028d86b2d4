// Tablets as sessions take them: the codec's Tablet, with the model implied by the session.
import { EncodeError, type Tablet, type TabletModel, type TabletSchema } from "@zerowire/iotdb-codec";

/** A codec Tablet whose schema may leave out `model`: a Session sends tree tablets, a TableSession table tablets. */
export interface SessionTablet extends Omit<Tablet, "schema"> {
  schema: Omit<TabletSchema, "model"> & { model?: TabletModel };
}

type GivenSchema = SessionTablet["schema"];

/** The schema with the session's model set, and what it was made from. */
interface ModelSchema {
  readonly given: Pick<GivenSchema, "model" | "target" | "aligned" | "columns">;
  readonly model: TabletModel;
  readonly aligned: boolean | undefined;
  readonly schema: TabletSchema;
}

/**
 * The schema with the model set, by the caller's schema object: the same object then reaches the
 * codec on every call, which resolves it once (its own cache, keyed by that object) instead of
 * per call. Reused only while the caller's schema has the same model, target, aligned flag and
 * columns array, and for the same model and aligned flag; the codec checks the columns.
 */
const modelSchemas = new WeakMap<object, ModelSchema>();

/**
 * The tablet with the session's model (and, when given, the aligned flag) set; a tablet of the other model is bad
 * input.
 */
export function withModel(tablet: SessionTablet, model: TabletModel, aligned?: boolean): Tablet {
  if (tablet === null || typeof tablet !== "object" || tablet.schema === null || typeof tablet.schema !== "object") {
    throw new EncodeError("expected a tablet: { schema, timestamps, values }");
  }
  const given = tablet.schema;
  if (given.model !== undefined && given.model !== model) {
    const other = model === "tree" ? "TableSession" : "Session";
    throw new EncodeError(
      `a ${given.model}-model tablet (${JSON.stringify(given.target)}) cannot be sent by a ${model}-model session; use a ${other}`,
    );
  }
  let made = modelSchemas.get(given);
  if (made === undefined || !madeFrom(made, given, model, aligned)) {
    const schema: TabletSchema = { ...given, model };
    if (aligned !== undefined) schema.aligned = aligned;
    made = {
      given: { model: given.model, target: given.target, aligned: given.aligned, columns: given.columns },
      model,
      aligned,
      schema,
    };
    modelSchemas.set(given, made);
  }
  // Spelled out rather than spread: this runs once per insert.
  return {
    schema: made.schema,
    timestamps: tablet.timestamps,
    values: tablet.values,
    nulls: tablet.nulls,
    bitmapSection: tablet.bitmapSection,
  };
}

function madeFrom(made: ModelSchema, given: GivenSchema, model: TabletModel, aligned: boolean | undefined): boolean {
  const from = made.given;
  return (
    made.model === model &&
    made.aligned === aligned &&
    from.model === given.model &&
    from.target === given.target &&
    from.aligned === given.aligned &&
    from.columns === given.columns
  );
}
