// Inputs per decoder over the whole run (uvu loads every *.prop.ts into one process), printed
// when the process exits: how many inputs each decoder survived.
const totals = new Map<string, number>();

export function recordTotal(decoder: string, inputs: number): void {
  if (totals.size === 0) process.on("exit", printTotals);
  totals.set(decoder, inputs);
}

function printTotals(): void {
  let sum = 0;
  console.log("\n  decoder fuzz, inputs per decoder:");
  for (const [decoder, inputs] of totals) {
    sum += inputs;
    console.log(`    ${decoder.padEnd(40)} ${String(inputs).padStart(8)}`);
  }
  console.log(`    ${"total".padEnd(40)} ${String(sum).padStart(8)}`);
}
