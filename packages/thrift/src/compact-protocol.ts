// TCompactProtocol: Thrift's compact protocol (zigzag varints, field-id deltas, bools folded
// into field headers, little-endian doubles), byte for byte what Java's TCompactProtocol writes,
// for generated code: ./wire's CompactFieldWriter and CompactFieldReader on a TFramedTransport
// (protocol-base.ts), plus the bool field whose header waits for its value.
//
// Where the `thrift` package's JavaScript compact protocol departs from Java, this follows Java:
// a double is written as its IEEE 754 bits (the `thrift` package's hand-rolled encoder writes
// -0 as +0 and loses NaN payloads), and a bool inside a list, set or map reads back as written
// (the `thrift` package reads every one as false).
import type { TFramedTransport } from "./framed-transport.js";
import { NO_OUTPUT, ProtocolBase } from "./protocol-base.js";
import { CompactFieldReader, CompactFieldWriter, TType } from "./wire/index.js";

const NO_BOOL = -1;

export class TCompactProtocol extends ProtocolBase<CompactFieldWriter> {
  /** A bool field whose header waits for its value (generated code writes the header first), or -1. */
  private pendingBoolFieldId = NO_BOOL;

  constructor(trans: TFramedTransport) {
    super(trans, new CompactFieldWriter(NO_OUTPUT), new CompactFieldReader(trans.reader));
  }
  /** Drops the output written since the last flush, and the field state of the structs in it. */
  override reset(): void {
    super.reset();
    this.pendingBoolFieldId = NO_BOOL;
  }
  /** A bool field's header is written with its value (writeBool); other types' at once. */
  override writeFieldBegin(_name: string, type: number, id: number): void {
    if (type === TType.BOOL) {
      if ((id << 16) >> 16 !== id) throw new RangeError(`field id ${id} is not an int16`);
      this.pendingBoolFieldId = id;
    } else {
      this.w.fieldBegin(type, id);
    }
  }
  /** In a field header when it is a field's value; else one byte, 1 (true) or 2 (false). */
  override writeBool(value: boolean): void {
    if (this.pendingBoolFieldId !== NO_BOOL) {
      const id = this.pendingBoolFieldId;
      this.pendingBoolFieldId = NO_BOOL;
      this.w.boolField(id, value);
    } else {
      this.w.bool(value);
    }
  }
}
