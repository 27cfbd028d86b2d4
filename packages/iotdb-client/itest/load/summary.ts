// Lines the load tests print with this prefix are repeated by run.ts at the end of the run.
export const SUMMARY_PREFIX = "[load summary]";
