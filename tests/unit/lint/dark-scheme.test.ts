import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The journeys scan the dark scheme with axe's colour rules only (tests/e2e/axe.ts). That holds while the dark
// scheme changes colours and nothing else: every `dark:` variant sets a colour, and no other CSS or code asks for
// the scheme.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const COLOUR_UTILITY =
  /^(?:text|bg|border(?:-[trblxy])?|divide|fill|stroke|ring|outline|decoration|placeholder|caret|accent)-(?:(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand)-\d{2,3}|white|black|transparent|current|inherit)(?:\/\d{1,3})?$/;

/** The utility a `dark:` class sets, after any further variants (`dark:hover:bg-x`, `dark:aria-[…]:text-y`). */
function setsOnlyAColour(darkClass: string): boolean {
  const utility =
    darkClass
      .slice("dark:".length)
      .split(/:(?![^[]*\])/)
      .pop() ?? "";
  return COLOUR_UTILITY.test(utility);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|css)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const files = [...sourceFiles("app"), ...sourceFiles("components")];

describe("the dark scheme changes colours only", () => {
  it("tells a colour from anything else", () => {
    expect(setsOnlyAColour("dark:text-slate-300")).toBe(true);
    expect(setsOnlyAColour("dark:aria-[current=page]:bg-brand-600")).toBe(true);
    expect(setsOnlyAColour("dark:hover:text-white")).toBe(true);
    expect(setsOnlyAColour("dark:bg-red-950/40")).toBe(true);
    expect(setsOnlyAColour("dark:hidden")).toBe(false);
    expect(setsOnlyAColour("dark:text-lg")).toBe(false);
    expect(setsOnlyAColour("dark:border-2")).toBe(false);
    expect(setsOnlyAColour("dark:hover:underline")).toBe(false);
  });

  it("every dark: class in app/ and components/ sets a colour", () => {
    const others = files.flatMap((file) =>
      (readFileSync(file, "utf8").match(/dark:[^\s"'`,;)]+/g) ?? [])
        .filter((darkClass) => !setsOnlyAColour(darkClass))
        .map((darkClass) => `${path.relative(root, file)}: ${darkClass}`),
    );
    expect(files.length).toBeGreaterThan(20);
    expect(others).toEqual([]);
  });

  it("nothing else asks for the scheme", () => {
    const asking = files.filter((file) => {
      const text = readFileSync(file, "utf8").replace(
        "@custom-variant dark (@media (prefers-color-scheme: dark));",
        "",
      );
      return /prefers-color-scheme|matchMedia/.test(text);
    });
    expect(asking).toEqual([]);
  });
});
