// Tablets as sessions take them: the codec's Tablet, with the model implied by the session.
import { EncodeError, type Tablet, type TabletModel, type TabletSchema } from "@zerowire/iotdb-codec";

/** A codec Tablet whose schema may leave out `model`: a Session sends tree tablets, a TableSession table tablets. */
export interface SessionTablet extends Omit<Tablet, "schema"> {
  schema: Omit<TabletSchema, "model"> & { model?: TabletModel };
}

/** The tablet with the session's model (and, when given, the aligned flag) set; a tablet of the other model is bad input. */
export function withModel(tablet: SessionTablet, model: TabletModel, aligned?: boolean): Tablet {
  if (tablet === null || typeof tablet !== "object" || tablet.schema === null || typeof tablet.schema !== "object") {
    throw new EncodeError("expected a tablet: { schema, timestamps, values }");
  }
  const given = tablet.schema.model;
  if (given !== undefined && given !== model) {
    const other = model === "tree" ? "TableSession" : "Session";
    throw new EncodeError(`a ${given}-model tablet (${JSON.stringify(tablet.schema.target)}) cannot be sent by a ${model}-model session; use a ${other}`);
  }
  const schema: TabletSchema = { ...tablet.schema, model };
  if (aligned !== undefined) schema.aligned = aligned;
  return { ...tablet, schema };
}
