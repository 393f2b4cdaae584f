import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every server action goes through the action helper (lib/core/actions/action.ts): each export of a
 * "use server" module is an async function whose whole body hands its arguments to a runner built
 * by driverAction, staffAction, accountAction or publicAction (directly or through a local factory that returns
 * one). A hand-written action fails here.
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

/** The names of runners the module builds with the helpers. */
function runnerNames(source: string): Set<string> {
  const factories = new Set(HELPERS);
  for (const [, factory = "", built = ""] of source.matchAll(/function (\w+)\([^)]*\)[^{]*\{\s*return (\w+)\(/g)) {
    if (HELPERS.includes(built)) factories.add(factory);
  }
  const runners = new Set<string>();
  for (const [, runner = "", factory = ""] of source.matchAll(/const (\w+) = (\w+)\(/g))
    if (factories.has(factory)) runners.add(runner);
  return runners;
}

/** Each export of a "use server" module, and whether it only hands over to a helper-built runner. */
function auditServerActions(source: string): { name: string; throughHelper: boolean }[] {
  const runners = runnerNames(source);
  const exports: { name: string; throughHelper: boolean }[] = [];
  for (const match of source.matchAll(
    /^export (?!type |interface )(async function|function|const|let|class|default)\s*(\w*)/gm,
  )) {
    const name = match[2] || "default";
    if (match[1] !== "async function") {
      exports.push({ name, throughHelper: false });
      continue;
    }
    const start = source.indexOf("{", source.indexOf(")", match.index));
    const end = source.indexOf("\n}", start);
    const body = source.slice(start + 1, end).trim();
    const call = /^(?:return|await) (\w+)\([^;]*\);$/.exec(body);
    exports.push({ name, throughHelper: runners.has(call?.[1] ?? "") });
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

  it("refuses a hand-written action", () => {
    const handWritten = `"use server";\nexport async function act(_p: unknown, formData: FormData) {\n  const viewer = await guard();\n  return run(formData);\n}\n`;
    expect(auditServerActions(handWritten)).toEqual([{ name: "act", throughHelper: false }]);
    const built = `"use server";\nconst run = driverAction({});\nexport async function act(_p: unknown, formData: FormData) {\n  return run(formData);\n}\n`;
    expect(auditServerActions(built)).toEqual([{ name: "act", throughHelper: true }]);
  });
});
