// -0 against the `thrift` package: it writes a double's sign from `v < 0`, which is false for
// -0, so it sends +0 in the binary protocol and in the compact one; ours writes the IEEE 754 bits
// (as Java does), so -0 arrives as -0. The README's list of differences says so.
import { test } from "uvu";
import * as assert from "uvu/assert";
import types from "./gen/everything_types.js";
import { oursRead, oursWrite, PROTOCOLS, thriftWrite } from "./codecs.js";

for (const protocol of PROTOCOLS) {
  test(`${protocol}: the thrift package writes -0 as +0; ours writes -0`, () => {
    const value = new types.Everything({ mandatory: 1, real: -0 });
    const stock = oursRead(protocol, types.Everything, thriftWrite(protocol, value)).real;
    const ours = oursRead(protocol, types.Everything, oursWrite(protocol, value)).real;
    assert.ok(Object.is(stock, 0), `the thrift package's bytes read back as ${Object.is(stock, -0) ? "-0" : stock}`);
    assert.ok(Object.is(ours, -0), `our bytes read back as ${ours}`);
  });
}

test.run();
