import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Issue 25: comments stay at a line or two; longer reasoning goes to docs/design-notes.md.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const FOLDERS = ["lib", "components", "app"];
const MAX_TEXT_LINES = 2;
/** Lines that are instructions to a tool, not prose. */
const PRAGMA = /^(?:eslint-|@ts-|@license|prettier-ignore|c8 |v8 |istanbul |<reference)/;

interface CommentBlock {
  line: number;
  textLines: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function commentRanges(file: string, text: string): ts.CommentRange[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const add = (found: ts.CommentRange[] | undefined) => found?.forEach((range) => ranges.set(range.pos, range));
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    if (node.kind !== ts.SyntaxKind.JsxText) node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...ranges.values()].sort((a, b) => a.pos - b.pos);
}

/** The prose lines of one comment: no delimiter-only lines (`/**`, `*\/`), no pragmas. */
function textLines(comment: string): number {
  const lines = comment.startsWith("//")
    ? [comment.replace(/^\/\/\/?/, "")]
    : comment
        .replace(/^\/\*\*?/, "")
        .replace(/\*\/$/, "")
        .split("\n")
        .map((line) => line.trim().replace(/^\*/, ""));
  return lines.map((line) => line.trim()).filter((line) => line !== "" && !PRAGMA.test(line)).length;
}

/** One `/* *\/` comment is a block; so is a run of `//` comments, each opening its line, on consecutive lines. */
function commentBlocks(file: string, text: string): CommentBlock[] {
  const lineOf = (pos: number) => text.slice(0, pos).split("\n").length - 1;
  const blocks: CommentBlock[] = [];
  let run: { block: CommentBlock; lastLine: number } | null = null;
  for (const range of commentRanges(file, text)) {
    const line = lineOf(range.pos);
    const lineStart = text.lastIndexOf("\n", range.pos - 1) + 1;
    const opensLine = /^\s*\{?\s*$/.test(text.slice(lineStart, range.pos));
    const count = textLines(text.slice(range.pos, range.end));
    if (range.kind === ts.SyntaxKind.SingleLineCommentTrivia && opensLine) {
      if (run && run.lastLine === line - 1) {
        run.block.textLines += count;
        run.lastLine = line;
        continue;
      }
      run = { block: { line: line + 1, textLines: count }, lastLine: line };
      blocks.push(run.block);
      continue;
    }
    run = null;
    blocks.push({ line: line + 1, textLines: count });
  }
  return blocks;
}

describe("comment length", () => {
  it("finds a three-line block and counts no delimiter or pragma lines", () => {
    const text = [
      "/**",
      " * one",
      " */",
      "// eslint-disable-next-line no-console",
      "// two",
      "// three",
      "const a = 1; // trailing",
      "// four",
      "",
      "/* five",
      "   six",
      "   seven */",
      "const b = `// not a comment`;",
    ].join("\n");
    expect(commentBlocks("sample.ts", text)).toEqual([
      { line: 1, textLines: 1 },
      { line: 4, textLines: 2 },
      { line: 7, textLines: 1 },
      { line: 8, textLines: 1 },
      { line: 10, textLines: 3 },
    ]);
  });

  it.each(FOLDERS)(`every comment block in %s/ is at most ${MAX_TEXT_LINES} lines`, (folder) => {
    const tooLong = sourceFiles(folder).flatMap((file) =>
      commentBlocks(file, readFileSync(file, "utf8"))
        .filter((block) => block.textLines > MAX_TEXT_LINES)
        .map((block) => `${path.relative(root, file)}:${block.line} (${block.textLines} lines)`),
    );
    expect(tooLong, "shorten these; move the reasoning to docs/design-notes.md").toEqual([]);
  });
});
