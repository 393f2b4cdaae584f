import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every server action goes through the action helper (lib/core/actions/action.ts): each export of a
 * "use server" module is the form action that driverAction, staffAction, accountAction or publicAction
 * returns (directly or through a local factory that returns one), exported once under its own name.
 * A hand-written action, or a function that hands over to one, fails here.
 */

const HELPERS = ["driverAction", "staffAction", "accountAction", "publicAction"];

function listFiles(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) listFiles(full, found);
    else if (/\.tsx?$/.test(name)) found.push(full);
  }
  return found;
}

function isServerActionModule(source: string): boolean {
  return /^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use server["']/.test(source);
}

/** The helpers, and the module's own functions that return what a helper builds. */
function builders(source: string): Set<string> {
  const found = new Set(HELPERS);
  for (const [, factory = "", built = ""] of source.matchAll(
    /function (\w+)(?:<[^>]*>)?\([^)]*\)[^{]*\{\s*return (\w+)\(/g,
  )) {
    if (HELPERS.includes(built)) found.add(factory);
  }
  return found;
}

/** Each export of a "use server" module, and whether it is what a helper built. */
function auditServerActions(source: string): { name: string; throughHelper: boolean }[] {
  const built = builders(source);
  const exports: { name: string; throughHelper: boolean }[] = [];
  for (const match of source.matchAll(
    /^export (?!type |interface )(async function|function|const|let|class|default)\s*(\w*)(?:\s*=\s*(\w+)\()?/gm,
  )) {
    const name = match[2] || "default";
    exports.push({ name, throughHelper: match[1] === "const" && built.has(match[3] ?? "") });
  }
  return exports;
}

const root = process.cwd();
const modules = [...listFiles(path.join(root, "lib")), ...listFiles(path.join(root, "app"))]
  .filter((file) => isServerActionModule(readFileSync(file, "utf8")))
  .map((file) => path.relative(root, file).split(path.sep).join("/"))
  .sort();

describe("server actions go through the action helper", () => {
  it("finds the server action modules", () => {
    expect(modules.length).toBeGreaterThanOrEqual(13);
  });

  it.each(modules)("%s exports only actions built on the helper", (module) => {
    const exports = auditServerActions(readFileSync(path.join(root, module), "utf8"));
    expect(exports.length).toBeGreaterThan(0);
    expect(exports.filter((entry) => !entry.throughHelper).map((entry) => entry.name)).toEqual([]);
  });

  it("refuses a hand-written action, and a function that hands over to a built one", () => {
    const handWritten = `"use server";\nexport async function act(_p: unknown, formData: FormData) {\n  const viewer = await guard();\n  return run(formData);\n}\n`;
    expect(auditServerActions(handWritten)).toEqual([{ name: "act", throughHelper: false }]);
    const handedOver = `"use server";\nconst run = driverAction({});\nexport async function act(_p: unknown, formData: FormData) {\n  return run(_p, formData);\n}\n`;
    expect(auditServerActions(handedOver)).toEqual([{ name: "act", throughHelper: false }]);
    const other = `"use server";\nexport const act = makeThing({});\n`;
    expect(auditServerActions(other)).toEqual([{ name: "act", throughHelper: false }]);
    const built = `"use server";\nexport const act = driverAction({});\n`;
    expect(auditServerActions(built)).toEqual([{ name: "act", throughHelper: true }]);
    const throughFactory = `"use server";\nfunction onADriver(log: string) {\n  return staffAction({ log });\n}\nexport const act = onADriver("x");\n`;
    expect(auditServerActions(throughFactory)).toEqual([{ name: "act", throughHelper: true }]);
    const throughGeneric = `"use server";\nfunction step<R>(spec: Spec<R>) {\n  return staffAction({ spec });\n}\nexport const act = step({});\n`;
    expect(auditServerActions(throughGeneric)).toEqual([{ name: "act", throughHelper: true }]);
  });
});
