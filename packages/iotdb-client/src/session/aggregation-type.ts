// TAggregationType, the aggregation codes of executeAggregationQuery, written out here rather than
// re-exported from the generated src/gen/client_types: the generated declarations import
// node-int64's types, which the published declarations must not need. An enum like the generated
// one (same names, codes and reverse mapping at run time); test/aggregation-type.test.ts checks it
// against the generated enum, so a regenerated IDL with new codes fails there until this follows.

/** The aggregation codes of executeAggregationQuery (Java's TAggregationType); their names work too. */
export enum TAggregationType {
  COUNT = 0,
  AVG = 1,
  SUM = 2,
  FIRST_VALUE = 3,
  LAST_VALUE = 4,
  MAX_TIME = 5,
  MIN_TIME = 6,
  MAX_VALUE = 7,
  MIN_VALUE = 8,
  EXTREME = 9,
  COUNT_IF = 10,
  TIME_DURATION = 11,
  MODE = 12,
  COUNT_TIME = 13,
  STDDEV = 14,
  STDDEV_POP = 15,
  STDDEV_SAMP = 16,
  VARIANCE = 17,
  VAR_POP = 18,
  VAR_SAMP = 19,
  MAX_BY = 20,
  MIN_BY = 21,
  UDAF = 22,
  FIRST = 23,
  LAST = 24,
  FIRST_BY = 25,
  LAST_BY = 26,
  MIN = 27,
  MAX = 28,
  COUNT_ALL = 29,
  APPROX_COUNT_DISTINCT = 30,
  APPROX_MOST_FREQUENT = 31,
}
