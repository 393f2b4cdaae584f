import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The node arguments of an npm script that runs a TypeScript file (`npm run emulator`, `npm run platform:check`), read
 * from package.json (its `tsx …` command with tsx's own entry point), so a test starts what the script starts.
 */
export function tsxScriptArgs(name: string, root = process.cwd()): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
  ).scripts;
  const [command, ...args] = (scripts[name] ?? "").split(/\s+/);
  if (command !== "tsx") throw new Error(`package.json's ${name} script no longer starts with tsx: ${scripts[name]}`);
  return ["node_modules/tsx/dist/cli.mjs", ...args];
}

/** `npm run emulator`'s node arguments. */
export const emulatorScriptArgs = (root = process.cwd()): string[] => tsxScriptArgs("emulator", root);
