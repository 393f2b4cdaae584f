import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The import graph of the whole tree, read from the sources with type-only imports included: no circle anywhere
// (ESLint's import/no-cycle did this per file at about 45 s a lint and skipped type-only imports), and the direction
// between lib/core and lib/platform (docs/decisions/0001-core-and-platform.md).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const GRAPHED = [
  "app",
  "components",
  "lib",
  "emulators",
  "scripts",
  "bench",
  "tests",
  "middleware.ts",
  "instrumentation.ts",
];
/** The lint gate's planted files: the circle among them is this test's own planted case. */
const LINT_FIXTURES = "tests/fixtures/";
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** lib/core's bottom floor: the only core modules lib/platform may import. */
const CORE_FLOOR = [
  "lib/core/config.ts",
  "lib/core/log.ts",
  "lib/core/format.ts",
  "lib/core/zoned-time.ts",
  "lib/core/i18n/locales.ts",
  "lib/core/observability/metrics.ts",
  "lib/core/observability/tracing.ts",
];

type Graph = Map<string, string[]>;

function sourcesUnder(dir: string): string[] {
  if (SOURCE.test(dir)) return [dir];
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/** The repository file a specifier names (`@/` is the root), or null for a package. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  const stem = base.replace(/\.m?js$/, "");
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${stem}.mjs`,
    `${stem}/index.ts`,
    `${stem}/index.tsx`,
  ];
  return candidates.find((candidate) => SOURCE.test(candidate) && existsSync(path.join(root, candidate))) ?? null;
}

function buildGraph(dirs: string[]): Graph {
  const graph: Graph = new Map();
  for (const file of dirs.flatMap(sourcesUnder)) {
    // preProcessFile lists every import, export-from, `import type` and `import()` of a file without type-checking it.
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), "utf8"), true, true);
    const targets = importedFiles.map((imported) => resolve(file, imported.fileName));
    graph.set(file, [...new Set(targets.filter((target): target is string => target !== null))]);
  }
  return graph;
}

/** One circle per strongly connected group of files (Tarjan), spelled `a → b → a`. */
function findCycles(graph: Graph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = new Set<string>();
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.add(member);
    } while (member !== node);
    if (group.size > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(circleWithin(graph, group, node));
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** A shortest way from `start` back to itself inside its group (breadth first). */
function circleWithin(graph: Graph, group: Set<string>, start: string): string {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const way: string[] = [];
        for (let at = node; at !== start; at = cameFrom.get(at)!) way.unshift(at);
        return [start, ...way, start].join(" → ");
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return start;
}

const graph = new Map([...buildGraph(GRAPHED)].filter(([file]) => !file.startsWith(LINT_FIXTURES)));
/** The foundation and the emulators, whose imports the direction rules below read (tests may reach a dialect). */
const FOUNDATION = /^(lib\/core|lib\/platform|emulators)\//;
const edges = [...graph]
  .filter(([from]) => FOUNDATION.test(from))
  .flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

describe("the import graph of the whole tree", () => {
  it("reads the sources, type-only imports included", () => {
    expect(graph.size).toBeGreaterThan(900);
    expect(graph.get("app/api/live/route.ts")).toContain("lib/features/live/index.ts");
    // A type-only import, and one through the `@/` alias: the graph must see both kinds.
    expect(graph.get("lib/platform/request.ts")).toContain("lib/platform/endpoint-table.ts");
    expect(graph.get("lib/platform/index.ts")).toContain("lib/core/config.ts");
  });

  it("finds a circle and spells it out", () => {
    const planted: Graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(findCycles(planted)).toEqual(["a.ts → b.ts → c.ts → a.ts"]);
  });

  it("finds the lint gate's planted circle, value imports between two files", () => {
    expect(findCycles(buildGraph(["tests/fixtures/lint/lib"]))).toEqual([
      "tests/fixtures/lint/lib/cycle-first.ts → tests/fixtures/lint/lib/cycle-second.ts → tests/fixtures/lint/lib/cycle-first.ts",
    ]);
  });

  it("has no circle", () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it("has lib/platform import only lib/core's bottom floor", () => {
    const upward = edges.filter(
      ({ from, to }) => from.startsWith("lib/platform/") && to.startsWith("lib/core/") && !CORE_FLOOR.includes(to),
    );
    expect(upward.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it("has a dialect's files imported only by client.ts, the registry and the dialect's own files", () => {
    const dialectOf = (file: string) => /^lib\/platform\/dialects\/([^/]+)\//.exec(file)?.[1] ?? null;
    const allowed = new Set(["lib/platform/client.ts", "lib/platform/dialects/index.ts"]);
    const leaks = edges.filter(({ from, to }) => {
      const dialect = dialectOf(to);
      return dialect !== null && !allowed.has(from) && dialectOf(from) !== dialect;
    });
    expect(leaks.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });
});
