// One checker per vector kind. Each lives in its own module.
import { checkQuery } from "./check-query.js";
import { checkTsBlock } from "./check-tsblock.js";
import { checkTablet } from "./check-tablet.js";
import { checkRecords } from "./check-records.js";
import type { KindChecker } from "./vector.js";

export const checkers: Record<string, KindChecker> = {};

checkers.tsblock = checkTsBlock;
checkers.queryResponse = checkQuery;
checkers.tablet = checkTablet;
checkers.insertRecords = checkRecords;
checkers.insertRecord = checkRecords;
