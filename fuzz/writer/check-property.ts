// Runs a fast-check property for a fixed number of generated cases and prints how many ran.
// FC_SEED=<n> replays the seed a failure printed.
import fc from "fast-check";

export function checkProperty<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  numRuns: number,
  predicate: (value: T) => void,
): void {
  let cases = 0;
  const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
  const started = performance.now();
  fc.assert(
    fc.property(arbitrary, (value) => {
      cases++;
      predicate(value);
    }),
    seed === undefined ? { numRuns } : { numRuns, seed },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n  ${name}: ${cases} generated cases passed in ${seconds} s`);
  if (cases < numRuns) throw new Error(`${name}: only ${cases} of ${numRuns} cases ran`);
}
