import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The node arguments of `npm run emulator`, read from package.json (its `tsx …` command with tsx's
 * own entry point), so the tests that start the standalone emulators run what the script runs.
 */
export function emulatorScriptArgs(root = process.cwd()): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
  ).scripts;
  const [command, ...args] = (scripts.emulator ?? "").split(/\s+/);
  if (command !== "tsx")
    throw new Error(`package.json's emulator script no longer starts with tsx: ${scripts.emulator}`);
  return ["node_modules/tsx/dist/cli.mjs", ...args];
}
