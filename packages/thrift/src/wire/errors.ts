// The package's read error. A read past the end of the input is the Reader's own ReadError
// (@zerowire/writer); bytes that are there but cannot be valid Thrift (a bad version, an unknown
// type code, a negative or impossible size, nesting past the skip limit) are a ThriftDecodeError,
// which extends ReadError, so `instanceof ReadError` catches every failure of a read and each
// names what was read and at which offset of the frame.
import { ReadError } from "@zerowire/writer";

/** Input that is present but is not valid Thrift; `what` and `offset` say where. */
export class ThriftDecodeError extends ReadError {
  override readonly name: string = "ThriftDecodeError";
  constructor(what: string, offset: number, available: number, detail: string) {
    super(what, offset, 0, available, detail);
  }
}
