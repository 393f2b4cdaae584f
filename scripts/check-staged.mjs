#!/usr/bin/env node
// `.githooks/pre-commit`: before every commit, in seconds, Prettier and ESLint on the staged files only (as they
// stand in the working tree), and, when a words file or a catalogue is staged, that messages/ is the assembly of the
// words folders (scripts/words.mjs --check). The whole fast loop, `npm run check` (types and the tests the change
// reaches), runs before a push (`.githooks/pre-push`).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { isWordsFile } from "./words-files.mjs";

const git = spawnSync("git", ["diff", "--cached", "--name-only", "--diff-filter=ACMRD", "-z"], { encoding: "utf8" });
if (git.status !== 0) process.exit(git.status ?? 1);
const named = git.stdout.split("\0").filter(Boolean);
const staged = named.filter((file) => existsSync(file));
const lintable = staged.filter((file) => /\.(c|m)?(j|t)sx?$/.test(file));
const words = named.filter(isWordsFile);

const run = (script, args) => spawnSync(process.execPath, [script, ...args], { stdio: "inherit" }).status === 0;
const ok =
  (staged.length === 0 || run("node_modules/prettier/bin/prettier.cjs", ["--check", "--ignore-unknown", ...staged])) &&
  (lintable.length === 0 ||
    run("node_modules/eslint/bin/eslint.js", ["--max-warnings", "0", "--no-warn-ignored", ...lintable])) &&
  (words.length === 0 || run("scripts/words.mjs", ["--check"]));
process.exit(ok ? 0 : 1);
