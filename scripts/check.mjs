#!/usr/bin/env node
// `npm run check`: the fast loop before every commit. Lint and Prettier on the changed files, the type
// check (and, when words changed, that messages/ is their assembly: scripts/words.mjs --check), then the
// unit and integration tests that the changed files reach through their imports (vitest --changed:
// uncommitted and untracked changes against HEAD, or against the ref given as the first argument) on
// PGlite in both dialects; properties in the contract's dialect with 25 runs each (the repeated property
// passes and Postgres are left to `npm test`, which stays the whole suite).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { isWordsFile } from "./words-files.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const node = process.execPath;
const since = process.argv[2];
const started = Date.now();
const seconds = (from) => Math.round((Date.now() - from) / 1000);

function git(args) {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.split("\n").filter(Boolean);
}

const named = [
  ...new Set([
    ...git(["diff", "--name-only", since ?? "HEAD"]),
    ...git(["ls-files", "--others", "--exclude-standard"]),
  ]),
];
const changed = named.filter((file) => existsSync(path.join(root, file)));
const lintable = changed.filter((file) => /\.(c|m)?(j|t)sx?$/.test(file));
const words = named.filter(isWordsFile);

/** A step as a child process; resolves with its label, exit status and time. */
function step(label, args, env = process.env) {
  const from = Date.now();
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: root, stdio: "inherit", env });
    child.on("close", (status) => resolve({ label, status, secs: seconds(from) }));
  });
}

console.log(`[check] ${changed.length} changed file(s)${since ? ` since ${since}` : ""}`);
// Lint and the type check are one process each: side by side on two cores.
const first = await Promise.all([
  lintable.length > 0
    ? step("lint", ["node_modules/eslint/bin/eslint.js", "--max-warnings", "0", "--no-warn-ignored", ...lintable])
    : { label: "lint", status: 0, secs: 0 },
  changed.length > 0
    ? step("format", ["node_modules/prettier/bin/prettier.cjs", "--check", "--ignore-unknown", ...changed])
    : { label: "format", status: 0, secs: 0 },
  step("typecheck", ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "."]),
  words.length > 0 ? step("words", ["scripts/words.mjs", "--check"]) : { label: "words", status: 0, secs: 0 },
]);
const tests = first.every((r) => r.status === 0)
  ? await step(
      "related tests",
      [
        "node_modules/vitest/vitest.mjs",
        "run",
        `--changed${since ? `=${since}` : ""}`,
        "--passWithNoTests",
        ...["unit", "isolated", "integration", "properties", "ampeco"].flatMap((project) => ["--project", project]),
      ],
      { ...process.env, PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? "25" },
    )
  : { label: "related tests", status: null, secs: 0 };

const results = [...first, tests];
for (const r of results)
  console.log(
    `${String(r.secs).padStart(5)} s  ${r.status === 0 ? "passed" : r.status === null ? "not run" : "FAILED"}  ${r.label}`,
  );
const ok = results.every((r) => r.status === 0);
console.log(`=== npm run check: ${ok ? "passed" : "FAILED"} in ${seconds(started)} s ===`);
process.exit(ok ? 0 : 1);
