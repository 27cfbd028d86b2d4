// scripts/wrap-comments.mjs at a width of 40: what it wraps, how, and everything it must leave
// alone (code, strings, templates, URLs, tables, fences, indented lines, directives).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { wrapComments } from "../wrap-comments.mjs";

const W = 40;
const wrap = (text, file = "x.ts") => wrapComments(file, text, W).text;
const lines = (...l) => l.join("\n");
const long = "alpha beta gamma delta epsilon zeta eta theta iota kappa";

/** Every line of `out` fits, and wrapping it again changes nothing. */
function settled(out) {
  for (const line of out.split("\n")) assert.ok(line.length <= W, `over ${W}: ${JSON.stringify(line)}`);
  assert.is(wrap(out), out, "a second run changes nothing");
}

test("a // line is split at word boundaries under the same indentation and prefix", () => {
  const out = wrap(lines("function f() {", `  // ${long}`, "  return 1;", "}"));
  assert.is(
    out,
    lines(
      "function f() {",
      "  // alpha beta gamma delta epsilon zeta",
      "  // eta theta iota kappa",
      "  return 1;",
      "}",
    ),
  );
  settled(out);
});

test("a ` * ` line of a block comment keeps its prefix; the block's other lines stay", () => {
  const out = wrap(lines("/**", ` * ${long}`, " * short", " */", "const x = 1;"));
  assert.is(
    out,
    lines(
      "/**",
      " * alpha beta gamma delta epsilon zeta",
      " * eta theta iota kappa",
      " * short",
      " */",
      "const x = 1;",
    ),
  );
  settled(out);
});

test("a one-line /** */ becomes a block; code after it moves below unchanged", () => {
  const out = wrap(lines("class A {", `  /** ${long} */ x = 1;`, "}"));
  assert.is(
    out,
    lines(
      "class A {",
      "  /**",
      "   * alpha beta gamma delta epsilon zeta",
      "   * eta theta iota kappa",
      "   */",
      "  x = 1;",
      "}",
    ),
  );
  settled(out);
});

test("a trailing comment moves above its code line", () => {
  const out = wrap(lines("  call(first, second); // why it is called so"));
  assert.is(out, lines("  // why it is called so", "  call(first, second);"));
  settled(out);
});

test("a list item continues under its text", () => {
  const out = wrap(`// - ${long}`);
  assert.is(out, lines("// - alpha beta gamma delta epsilon zeta", "//   eta theta iota kappa"));
  settled(out);
});

test("no break inside a `code span` or before a word that would start a list or tag", () => {
  const out = wrap("// aaaa bbbb `cc dd ee ff gg hh ii` jj kk - ll @mm nn oo");
  for (const line of out.split("\n").slice(1)) assert.not.match(line, /^\/\/ [-@]/);
  assert.ok(out.includes("`cc dd ee ff gg hh ii`"), out);
});

test("code, strings, templates and regexes that look like comments are not touched", () => {
  const code = [
    `const s = "// ${long}";`,
    `const t = \`first line`,
    ` * ${long}`,
    `// ${long}\`;`,
    `const r = /\\/\\/ ${long.replace(/ /g, "_")}/;`,
    `const u = '/* ${long} */';`,
  ].join("\n");
  assert.is(wrap(code), code);
});

test("URLs, tables, fences, indented lines and directives are left as they are", () => {
  const code = lines(
    `// see https://example.invalid/${"a".repeat(40)} for ${long}`,
    `// | ${long} |`,
    "// ```",
    `// ${long}`,
    "// ```",
    `//   npx some-tool ${long}`,
    `// biome-ignore lint/suspicious/noExplicitAny: ${long}`,
    "/**",
    ` *   indented ${long}`,
    " */",
  );
  const result = wrapComments("x.ts", code, W);
  assert.is(result.text, code);
  assert.equal(result.stuck, []);
});

test("a word longer than the width is reported, not broken", () => {
  const result = wrapComments("x.ts", `// ${"x".repeat(50)}`, W);
  assert.is(result.text, `// ${"x".repeat(50)}`);
  assert.equal(result.stuck, [1]);
});

test("JavaScript files are read as JavaScript", () => {
  const out = wrap(lines("const a = 1; // " + long.slice(0, 30)), "x.mjs");
  assert.is(out, lines("// " + long.slice(0, 30), "const a = 1;"));
});

test.run();
