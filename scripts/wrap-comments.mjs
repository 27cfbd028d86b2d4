#!/usr/bin/env node
// Wraps comment lines longer than the formatter's line width (biome.jsonc's lineWidth), which
// formatters leave alone. Comments only: the TypeScript parser finds every comment, so text that
// looks like a comment inside a string, a template or a regex is never taken for one, and no code
// token is changed, split or moved across another.
//
// What it does to a line over the limit, breaking at the last space that fits:
//   `// text`        the rest goes on a new line below with the same indentation and `// `
//   ` * text`        (inside a /* */ block) the same with ` * `
//   `/** text */`    alone on its line (code may follow): becomes a /** ... */ block of wrapped
//                    ` * ` lines above the code
//   `code // text`   the comment moves to its own `//` line(s) above the code line
// A list item (`- `, `* `, `1. `) continues under its text. Lines are only split, never joined:
// the rest of a line becomes a line of its own, so nothing is merged into the following line
// (which may be a separate entry). No break lands inside a `code span` or before a word that
// would start a list, a heading, a table or a JSDoc tag.
//
// Left alone, and not counted as over the limit by --check (the documented exceptions):
// lines with a URL (`://`), table rows (`|`), lines inside ``` fences, indented lines in a comment
// (commands and code examples: more than one space after `//` or `*`), directives (biome-ignore,
// @ts-..., eslint-...) and code lines (the formatter's, e.g. long strings).
//
//   node scripts/wrap-comments.mjs [files...]           rewrite (default: every file Biome formats)
//   node scripts/wrap-comments.mjs --check [files...]   exit 1, listing them, if a line needs it
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = resolve(import.meta.dirname, "..");

/** biome.jsonc's formatter lineWidth: one number for code and comments. */
export const LINE_WIDTH = Number(/"lineWidth":\s*(\d+)/.exec(readFileSync(resolve(root, "biome.jsonc"), "utf8"))[1]);

/** The files Biome formats (biome.jsonc's includes): tracked and new script files outside generated code. */
export function sourceFiles() {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter(
      (f) => /\.(?:[mc]?ts|[mc]?js)$/.test(f) && !/(?:^|\/)gen\//.test(f) && !/^(?:vectors|bench\/results)\//.test(f),
    )
    .map((f) => resolve(root, f));
}

const DIRECTIVE = /^(?:biome-ignore|@ts-|eslint-|prettier-ignore|#region|#endregion)/;
/** Words a line must not start with: they would turn prose into a list, heading, quote, table or tag. */
const BAD_LINE_START = /^(?:[-*+#>|@]|\d+[.)])/;
const LIST_ITEM = /^(?:[-*+]|\d+[.)]) /;

/** Why a comment text is left as it is, or undefined if it may be wrapped. */
function exempt(text, inFence) {
  if (inFence || text.startsWith("```")) return "fence";
  if (text.includes("://")) return "url";
  if (text.startsWith("|")) return "table";
  if (DIRECTIVE.test(text)) return "directive";
  return undefined;
}

/**
 * `text` as lines of at most `width` columns: the first with `first`, the rest with `next` in
 * front; undefined if no allowed break exists.
 */
function wrapText(text, first, next, width) {
  const lines = [];
  let prefix = first;
  let rest = text;
  while (prefix.length + rest.length > width) {
    const at = breakAt(rest, width - prefix.length);
    if (at === undefined) return lines.length === 0 ? undefined : [...lines, prefix + rest];
    lines.push(prefix + rest.slice(0, at).trimEnd());
    rest = rest.slice(at + 1).trimStart();
    prefix = next;
  }
  return [...lines, prefix + rest];
}

/** The index of the last space to break `text` at so that the head fits `room`, if any. */
function breakAt(text, room) {
  let best;
  let ticks = 0;
  for (let i = 0; i < text.length && i <= room; i++) {
    const ch = text[i];
    if (ch === "`") ticks++;
    else if (ch === " " && i > 0 && ticks % 2 === 0 && text[i - 1] !== " " && !BAD_LINE_START.test(text.slice(i + 1)))
      best = i;
  }
  return best;
}

/** Continuation prefix: under a list item's text, else the same as the line's. */
function hanging(prefix, text) {
  const item = LIST_ITEM.exec(text);
  return item === null ? prefix : prefix + " ".repeat(item[0].length);
}

/** Every comment of the file (TypeScript's view: trivia before each token), and the literal tokens spanning lines. */
function scan(file, text) {
  const kind = /\.[mc]?ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const comments = new Map();
  const literals = [];
  const visit = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(sf);
    if (children.length > 0) {
      for (const child of children) visit(child);
      return;
    }
    // Leading: from the line after the previous token on; trailing: the rest of the token's own line.
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) comments.set(range.pos, range);
    for (const range of ts.getTrailingCommentRanges(text, node.end) ?? []) comments.set(range.pos, range);
    if (node.kind >= ts.SyntaxKind.FirstLiteralToken && node.kind <= ts.SyntaxKind.LastTemplateToken) {
      literals.push([node.getStart(sf), node.end]);
    }
  };
  visit(sf);
  return { comments: [...comments.values()].sort((a, b) => a.pos - b.pos), literals };
}

/**
 * The file's text with its over-long comment lines wrapped, and the over-long comment lines
 * nothing could be done for (no allowed break; not an exception).
 */
export function wrapComments(file, text, width = LINE_WIDTH) {
  // Most files have no comment line over the limit: no parse for them.
  const candidate = (line) =>
    line.length > width && (/^\s*\*/.test(line) || line.includes("//") || line.includes("/*"));
  if (!text.split("\n").some(candidate)) return { text, changed: [], stuck: [] };
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const lines = text.split("\n");
  const lineOf = (pos) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const { comments, literals } = scan(file, text);
  const insideLiteral = (pos) => literals.some(([start, end]) => start < pos && pos < end);
  /** line index -> the lines replacing it */
  const replace = new Map();
  const stuck = [];
  const tooLong = (i) => lines[i].length > width;

  let fence = false;
  for (const c of comments) {
    const first = lineOf(c.pos);
    const last = lineOf(c.end - 1);
    const line = lines[first];
    const before = line.slice(0, c.pos - lineStarts[first]);
    const indent = /^\s*/.exec(line)[0];
    const ownLine = before.trim() === "";
    if (c.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
      const m = /^\/\/( ?)(.*)$/.exec(text.slice(c.pos, c.end));
      const body = m[2];
      if (ownLine && body.startsWith("```")) fence = !fence;
      if (!tooLong(first)) continue;
      const why = exempt(body, fence) ?? (body.startsWith(" ") ? "indented" : undefined);
      if (why !== undefined) continue;
      if (ownLine) {
        const prefix = `${before}//${m[1]}`;
        const wrapped = wrapText(body, prefix, hanging(prefix, body), width);
        if (wrapped === undefined) stuck.push(first);
        else replace.set(first, wrapped);
      } else {
        // A trailing comment: onto its own lines above the code line (whose start must be code,
        // not the inside of a template spanning lines).
        if (insideLiteral(lineStarts[first])) {
          stuck.push(first);
          continue;
        }
        const prefix = `${indent}// `;
        const wrapped = wrapText(body, prefix, prefix, width) ?? [prefix + body];
        replace.set(first, [...wrapped, before.trimEnd()]);
      }
      continue;
    }
    // A /* */ comment.
    const raw = text.slice(c.pos, c.end);
    if (first === last) {
      if (!tooLong(first) || !ownLine) continue;
      const m = /^\/\*(\*?)\s*(.*?)\s*\*\/$/.exec(raw);
      const after = line.slice(c.end - lineStarts[first]).trim();
      if (m === null || exempt(m[2], false) !== undefined || insideLiteral(lineStarts[first])) continue;
      const wrapped = wrapText(m[2], `${indent} * `, hanging(`${indent} * `, m[2]), width);
      if (wrapped === undefined) {
        stuck.push(first);
        continue;
      }
      replace.set(first, [`${indent}/*${m[1]}`, ...wrapped, `${indent} */`, ...(after === "" ? [] : [indent + after])]);
      continue;
    }
    // A block over several lines: its ` * ` lines, each on its own.
    let blockFence = false;
    for (let i = first + 1; i < last; i++) {
      const m = /^(\s*\*)( ?)(.*)$/.exec(lines[i]);
      if (m === null) continue;
      if (m[3].startsWith("```")) blockFence = !blockFence;
      if (!tooLong(i) || exempt(m[3], blockFence) !== undefined || m[3].startsWith(" ")) continue;
      const prefix = m[1] + m[2];
      const wrapped = wrapText(m[3], prefix, hanging(prefix, m[3]), width);
      if (wrapped === undefined) stuck.push(i);
      else replace.set(i, wrapped);
    }
  }
  const out = [];
  lines.forEach((line, i) => out.push(...(replace.get(i) ?? [line])));
  return { text: out.join("\n"), changed: [...replace.keys()].map((i) => i + 1), stuck: stuck.map((i) => i + 1) };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const named = args.filter((a) => a !== "--check");
  const files = named.length > 0 ? named.map((f) => resolve(f)) : sourceFiles();
  const SHOWN = 20;
  let toWrap = 0;
  let stuckCount = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const result = wrapComments(file, text);
    const shown = relative(root, file);
    for (const line of result.stuck)
      console.error(`${shown}:${line}: comment over ${LINE_WIDTH} columns with no place to break: shorten it by hand`);
    stuckCount += result.stuck.length;
    if (result.changed.length === 0) continue;
    if (!check) writeFileSync(file, result.text);
    for (const line of result.changed) {
      if (check && toWrap < SHOWN) console.error(`${shown}:${line}: comment over ${LINE_WIDTH} columns`);
      toWrap++;
    }
  }
  if (check) {
    if (toWrap > SHOWN) console.error(`... and ${toWrap - SHOWN} more`);
    if (toWrap > 0)
      console.error(
        `${toWrap} comment line(s) over ${LINE_WIDTH} columns: run \`pnpm format\` (node scripts/wrap-comments.mjs)`,
      );
    console.log(
      `wrap-comments: ${files.length} files, ${toWrap} comment line(s) to wrap, ${stuckCount} to shorten by hand`,
    );
    process.exit(toWrap + stuckCount === 0 ? 0 : 1);
  }
  console.log(
    `wrap-comments: ${files.length} files, ${toWrap} comment line(s) wrapped, ${stuckCount} left to shorten by hand`,
  );
  process.exit(stuckCount === 0 ? 0 : 1);
}
