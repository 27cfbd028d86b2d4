// A package README's runnable example: the first ```js block after a "## <section>" heading, run
// as an ES module from the package directory (so the package's own name resolves to its built
// dist), and the ```text block after the "Output:" that follows it. The package's readme test
// compares the two; colours are off whatever the runner's environment says, so objects print as
// plain text.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export interface ReadmeExample {
  /** What the example printed. */
  printed: string;
  /** What the README says it prints. */
  documented: string;
}

/** Runs the example of `section` in packageDir's README; an Error if the section has none. */
export function runReadmeExample(packageDir: string, section: string): ReadmeExample {
  const readme = readFileSync(resolve(packageDir, "README.md"), "utf8");
  const pattern = new RegExp(
    `## ${section}[\\s\\S]*?\`\`\`js\\n([\\s\\S]*?)\`\`\`[\\s\\S]*?Output:\\s*\`\`\`text\\n([\\s\\S]*?)\`\`\``,
  );
  const example = pattern.exec(readme);
  if (example === null) throw new Error(`README section "${section}" has no js block followed by an Output text block`);
  const { FORCE_COLOR: _, ...env } = process.env;
  const printed = execFileSync(process.execPath, ["--input-type=module", "-e", example[1]!], {
    cwd: packageDir,
    encoding: "utf8",
    env: { ...env, NO_COLOR: "1" },
  });
  return { printed, documented: example[2]! };
}
