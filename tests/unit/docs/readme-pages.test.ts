import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Every page under app/ that a driver or staff member sees, as its URL (route groups dropped). */
function signedInPages(): string[] {
  return readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => file.split(path.sep).slice(0, -1))
    .filter(([top]) => !["(public)", "api", "dev"].includes(top ?? ""))
    .map((segments) => `/${segments.filter((segment) => !/^\(.+\)$/.test(segment)).join("/")}`)
    .sort();
}

/** The first column of the README's "Pages" table. */
function readmePages(): string[] {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const start = readme.indexOf("### Pages");
  const section = readme.slice(start, readme.indexOf("\n## ", start));
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!).sort();
}

describe("the README's pages table", () => {
  it("names every page a driver or a staff member sees, and no page that does not exist", () => {
    expect(readmePages()).toEqual(signedInPages());
  });

  it("reads the pages of every audience: the driver group, the map, the staff console and the staff security page", () => {
    expect(signedInPages()).toEqual(expect.arrayContaining(["/account", "/map", "/admin/users", "/admin/security"]));
  });
});
