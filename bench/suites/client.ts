// The client benchmark: our client, the Java client and a bare-socket floor against one fake
// DataNode, CPU per request and requests/s (bench/client/, bench/README.md). CLIENT_CASES=a,b
// runs only those cases; the headline run (`pnpm bench` without --full) runs HEADLINE_CASES.
import { allCases, FULL_RACE, HEADLINE_CASES, HEADLINE_RACE, QUICK_RACE, race } from "../client/race.js";
import { caseResults, printClientTables, writeClientResults } from "../client/report.js";
import { defineSuite } from "../lib/suite.js";

export default defineSuite({
  name: "client",
  async run(level) {
    const settings = { quick: QUICK_RACE, headline: HEADLINE_RACE, full: FULL_RACE }[level];
    const cases =
      process.env.CLIENT_CASES === undefined && level === "headline"
        ? [...HEADLINE_CASES]
        : allCases(process.env.CLIENT_CASES);
    const options = { ...settings, cases };
    console.log(
      `  ${options.cases.length} cases x idle/contended; ${options.warmupRounds} warm-up + ${options.rounds} rounds of ${options.roundMs} ms (10 callers) + ${options.roundMs / 2} ms (1 caller) per side`,
    );
    const results = caseResults(await race(options, console.log));
    printClientTables(results);
    const { cases: _cases, ...written } = options;
    console.log(`wrote ${writeClientResults(results, written, level)}`);
  },
});
