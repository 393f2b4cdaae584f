import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { messagesIn, rscPayloadOf } from "../../tests/support/rsc-payload";
import { signInDrivers } from "../lib/auth";
import { treeCpuSeconds } from "../lib/cpu";
import { startUpstreams, upstreamEnv } from "../lib/emulators";
import { startPortal } from "../lib/portal";

/**
 * Diagnostic for issue 26, not a bench phase: per page, the HTML, RSC payload and message bytes, then the
 * portal's CPU time (from /proc, not wall time: the cores are shared) per request over `--n` requests
 * one after another, signed in as the first bench driver. `--prof=DIR` runs the portal with
 * `--cpu-prof` (the profile is written when it stops); `--pages=/account,/sessions` picks pages;
 * `--html=DIR` keeps each page's HTML there; `--n=0` measures bytes only; `--locale=nl` asks for a language
 * (Accept-Language; English when left out).
 *
 *   npx tsx --experimental-websocket --conditions=react-server --tsconfig tsconfig.json bench/diagnose/i18n-cost.ts
 */
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const PAGES: [path: string, signedIn: boolean][] = [
  ["/account", true],
  ["/sessions", true],
  ["/cards", true],
  ["/signin", false],
  ["/map", true],
  ["/vouchers", true],
  ["/account/payments", true],
];

async function main() {
  const profileDir = option("prof");
  const requests = Number(option("n") ?? 200);
  const only = option("pages")?.split(",");
  const htmlDir = option("html");
  const locale = option("locale");
  const pages = PAGES.filter(([path]) => !only || only.includes(path));
  const ups = await startUpstreams();
  const portal = await startPortal({
    env: { ...upstreamEnv(ups), AUTH_SECRET: randomBytes(32).toString("base64url") },
    nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  });
  try {
    const [cookie = ""] = await signInDrivers(portal.origin);
    const get = async (path: string, signedIn: boolean) => {
      const response = await fetch(portal.origin + path, {
        headers: { ...(signedIn && { cookie }), ...(locale && { "accept-language": locale }) },
        redirect: "manual",
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
      return body;
    };
    for (const [path, signedIn] of pages) {
      const html = await get(path, signedIn);
      if (htmlDir) writeFileSync(`${htmlDir}/${path.slice(1).replaceAll("/", "_")}.html`, html);
      const payload = rscPayloadOf(html);
      const messages = messagesIn(payload).map(
        (json) => `${Buffer.byteLength(json)} B [${Object.keys(JSON.parse(json) as object).join(",")}]`,
      );
      const classes = [...html.matchAll(/ class="[^"]*"/g)].reduce((sum, match) => sum + match[0].length, 0);
      console.log(
        `${path}: HTML ${Buffer.byteLength(html)} B (gzip ${gzipSync(html).length}), RSC payload ` +
          `${Buffer.byteLength(payload)} B, class attributes ${classes} B, messages ${messages.join(" + ")}`,
      );
    }
    for (const [path, signedIn] of requests > 0 ? pages : []) {
      for (let i = 0; i < 20; i++) await get(path, signedIn);
      const before = treeCpuSeconds(portal.pid);
      const started = performance.now();
      for (let i = 0; i < requests; i++) await get(path, signedIn);
      const perRequest = ((treeCpuSeconds(portal.pid) - before) * 1000) / requests;
      const wall = (performance.now() - started) / 1000;
      console.log(
        `${path}: portal CPU ${perRequest.toFixed(1)} ms/request over ${requests} (${wall.toFixed(1)} s wall)`,
      );
    }
  } finally {
    await portal.stop();
    await ups.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
