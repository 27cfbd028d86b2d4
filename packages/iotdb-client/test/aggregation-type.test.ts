// The published TAggregationType (src/session/aggregation-type.ts, written out so the published
// declarations need nothing generated) is the generated one: the same names and codes, and the
// same reverse mapping at run time.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TAggregationType as Generated } from "../src/gen/client_types.js";
import { TAggregationType } from "../src/index.js";

test("TAggregationType equals the generated enum, both directions", () => {
  assert.equal({ ...TAggregationType }, { ...Generated });
  assert.ok(Object.keys(Generated).length > 60, "the generated enum has its names and codes");
  assert.is(TAggregationType.APPROX_MOST_FREQUENT, 31);
  assert.is(TAggregationType[31], "APPROX_MOST_FREQUENT");
});

test.run();
