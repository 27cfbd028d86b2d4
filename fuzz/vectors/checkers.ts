// One checker per vector kind. Each lives in its own module.
import { checkTsBlock } from "./check-tsblock.js";
import type { KindChecker } from "./vector.js";

export const checkers: Record<string, KindChecker> = {};

checkers.tsblock = checkTsBlock;
