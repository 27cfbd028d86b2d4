// Code blocks of docs/migrating-from-iotdb-client.md: which run (```ts run, our code) and which are
// only shown (```ts, the old client's code), under which heading, and what output they promise.
// Shared by the guide's itest (runs them) and unit test (checks the extraction and the API map).

export interface GuideBlock {
  /** The nearest ### (or ##) heading above the block. */
  readonly section: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** Marked ```ts run: our code, run against the server. */
  readonly run: boolean;
  readonly code: string;
}

/** Every ```ts block of the markdown, in order. */
export function guideBlocks(markdown: string): GuideBlock[] {
  const blocks: GuideBlock[] = [];
  const lines = markdown.split("\n");
  let section = "";
  for (let i = 0; i < lines.length; i++) {
    const heading = /^#{2,3} (.+)$/.exec(lines[i]!);
    if (heading !== null) section = heading[1]!;
    const fence = /^```ts( run)?$/.exec(lines[i]!);
    if (fence === null) continue;
    const end = lines.indexOf("```", i + 1);
    if (end < 0) throw new Error(`unclosed code block at line ${i + 1}`);
    blocks.push({ section, line: i + 1, run: fence[1] !== undefined, code: lines.slice(i + 1, end).join("\n") + "\n" });
    i = end;
  }
  return blocks;
}

/**
 * `console.log(...); // text` → text: the line that call must print. A call in a loop that prints
 * several lines promises each: `// first // second` → first, second.
 */
export function promisedLines(code: string): string[] {
  return [...code.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].flatMap((m) => m[1]!.split(" // "));
}
