import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// lib/core holds only what several users share. A core file's users are the owners of the files that import it
// (type-only imports too; tests do not count):
// - lib/features/<f>/** and components/<f>/** belong to feature <f>;
// - an app/ file belongs to the deepest feature its path names, by name or URL (route groups' brackets dropped:
//   app/(driver)/cards/… is cards, app/(driver)/account/… accounts), else it is shared, as a layout or the root is;
// - everything else (lib/core itself, lib/platform, components/ui, middleware, scripts, the emulators) is a shared user.
// A core file whose only user is one feature belongs in that feature's folder.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The file an import names, as a path from the root, among `known` files; null for a package. */
function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const extension of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"])
    if (known.has(base + extension)) return base + extension;
  return null;
}

/** URL segments whose feature has another name (the URLs keep their product names). */
const URL_SEGMENT_FEATURE: Record<string, string> = {
  account: "accounts",
  signup: "accounts",
  "app-password": "accounts",
  "check-your-email": "accounts",
  signin: "sign-in",
  "account-not-linked": "sign-in",
  platform: "live",
};

function ownerOf(file: string, features: readonly string[]): string {
  const parts = file.split("/");
  if (parts[0] === "lib" && parts[1] === "features" && parts[2]) return parts[2];
  if (parts[0] === "components" && parts[1] && features.includes(parts[1])) return parts[1];
  if (parts[0] === "app") {
    const named = parts.slice(1, -1).map((part) => part.replace(/^\((.*)\)$/, "$1"));
    // The deepest segment that names a feature, by its own name or by its URL's (docs/architecture.md, "Which feature
    // owns a URL"): app/(driver)/account/(settings)/billing/… is billing, the rest of /account is accounts.
    const feature = named.map((part) => URL_SEGMENT_FEATURE[part] ?? part).findLast((part) => features.includes(part));
    if (feature) return feature;
  }
  return `shared:${parts[0] === "lib" ? parts.slice(0, 2).join("/") : parts[0]}`;
}

/** "lib/core/x.ts (only the y feature imports it)" for every core file with one user, and that user a feature. */
function singleFeatureCoreFiles(sources: ReadonlyMap<string, string>, features: readonly string[]): string[] {
  const known = new Set(sources.keys());
  const users = new Map<string, Set<string>>();
  for (const [file, text] of sources)
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? "", known);
      if (!target?.startsWith("lib/core/") || target === file) continue;
      const owners = users.get(target) ?? new Set<string>();
      owners.add(ownerOf(file, features));
      users.set(target, owners);
    }
  return [...users]
    .filter(([, owners]) => owners.size === 1 && ![...owners][0]!.startsWith("shared:"))
    .map(([file, owners]) => `${file} (only the ${[...owners][0]} feature imports it)`)
    .sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [relative] : [];
  });
}

function projectSources(): Map<string, string> {
  const files = ["lib", "app", "components", "emulators", "scripts"].flatMap(sourceFiles);
  for (const file of ["middleware.ts", "instrumentation.ts", "next.config.ts"])
    if (existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile()) files.push(file);
  return new Map(files.map((file) => [file, readFileSync(path.join(root, file), "utf8")]));
}

const FEATURES = readdirSync(path.join(root, "lib/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("lib/core holds only what several users share", () => {
  it("no file in lib/core is imported by only one feature", () => {
    expect(singleFeatureCoreFiles(projectSources(), FEATURES)).toEqual([]);
  });

  it("names a core file only one feature imports, whether from lib, components or app, type-only or relative", () => {
    const planted = new Map([
      ["lib/core/solo.ts", "export const solo = 1;"],
      ["lib/core/pair.ts", "export const pair = 1;"],
      ["lib/core/typed.ts", "export type Typed = 1;"],
      ["lib/features/cards/a.ts", 'import { solo } from "@/lib/core/solo";\nimport { pair } from "../../core/pair";'],
      ["components/cards/b.tsx", 'import type { Typed } from "@/lib/core/typed";'],
      ["app/(driver)/cards/page.tsx", 'import { solo } from "@/lib/core/solo";'],
      ["app/(driver)/vouchers/page.tsx", 'import { pair } from "@/lib/core/pair";'],
      ["lib/core/profile-words.ts", "export const words = 1;"],
      ["lib/features/accounts/c.ts", 'import { words } from "@/lib/core/profile-words";'],
      ["app/(driver)/account/(settings)/profile/page.tsx", 'import { words } from "@/lib/core/profile-words";'],
    ]);
    expect(singleFeatureCoreFiles(planted, ["accounts", "cards", "vouchers"]).sort()).toEqual([
      "lib/core/profile-words.ts (only the accounts feature imports it)",
      "lib/core/solo.ts (only the cards feature imports it)",
      "lib/core/typed.ts (only the cards feature imports it)",
    ]);
  });

  it("counts lib/core itself and the shared layers as users of their own", () => {
    const planted = new Map([
      ["lib/core/helper.ts", "export const helper = 1;"],
      ["lib/core/wrapper.ts", 'import { helper } from "./helper";'],
      ["lib/core/layout-words.ts", "export const words = 1;"],
      [
        "lib/features/cards/a.ts",
        'import { helper } from "@/lib/core/helper";\nimport { words } from "@/lib/core/layout-words";',
      ],
      ["components/layout/header.tsx", 'import { words } from "@/lib/core/layout-words";'],
    ]);
    expect(singleFeatureCoreFiles(planted, ["cards"])).toEqual([]);
  });
});
