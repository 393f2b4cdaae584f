import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";

/** The repository, and the planted violations of tests/unit/lint (a small tree the gate itself ignores). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const LINT_FIXTURES_DIR = path.join(REPO_ROOT, "tests/fixtures/lint");

export type LintFinding = { file: string; rule: string | null; message: string };

/** Lints `targets` of the fixture tree through the gate's own config (cwd = the tree, so its globs apply). */
export async function lintFixtures(targets: string[]): Promise<LintFinding[]> {
  const eslint = new ESLint({
    cwd: LINT_FIXTURES_DIR,
    overrideConfigFile: path.join(REPO_ROOT, "eslint.config.mjs"),
    ignore: false,
  });
  const results = await eslint.lintFiles(targets);
  return results.flatMap((result) =>
    result.messages.map((m) => ({
      file: path.relative(LINT_FIXTURES_DIR, result.filePath),
      rule: m.ruleId,
      message: m.message,
    })),
  );
}
