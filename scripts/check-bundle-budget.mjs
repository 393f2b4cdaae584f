#!/usr/bin/env node
/**
 * Bundle budget, a CI gate: first-load JavaScript per page route, gzip, from the production build.
 * Run after `next build`:
 *
 *   node scripts/check-bundle-budget.mjs [--dir .next] [--json]
 *
 * First load of a route = the root main files (build-manifest.json `rootMainFiles`: Turbopack's
 * runtime, React, Next's client) plus every chunk the route's client reference manifest lists in
 * `entryJSFiles` (root layout, group layout, page, their loading/error boundaries). That is what
 * Next's own "First Load JS" counts; polyfills load only in browsers without modules, so they are
 * left out. "Lazy" adds the chunks those files load with dynamic import() (e.g. the Leaflet map).
 * Sizes are gzip level 9 (as gzip-size) in KB of 1024 bytes, the unit budget tools (size-limit,
 * bundlewatch, Lighthouse budgets) mean by "KB".
 *
 * Fails (exit 1) when
 * - a driver route is over 150 KB first load, or /map is over 250 KB first load + lazy (the map is
 *   nothing without its lazily loaded Leaflet chunk, so that chunk counts against the map's budget);
 * - a chunk with Leaflet's code is in the first load of any route other than /map.
 * Exit 2 when there is no build to read.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

const KB = 1024;
export const BUDGETS_KB = {
  "/account": 150,
  "/account/app-password": 150,
  "/account/billing": 150,
  "/account/notifications": 150,
  "/account/payments": 150,
  "/account/privacy": 150,
  "/account/profile": 150,
  "/account/security": 150,
  "/cards": 150,
  "/sessions": 150,
  "/sessions/[id]": 150,
  "/vouchers": 150,
  "/map": 250,
};
const MAP_ROUTE = "/map";
// Both must be present: Leaflet's attribution prefix links leafletjs.com and it styles the
// container with this class; app code alone has no reason to carry both.
const LEAFLET_MARKERS = ["leafletjs.com", "leaflet-container"];
const CHUNK_REF = /static\/chunks\/[A-Za-z0-9_~.-]+\.js/g;

function parseArgs(argv) {
  const args = { dir: ".next", json: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === "--dir") args.dir = argv[++i];
    else if (argv[i] === "--json") args.json = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return args;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** Client reference manifests are scripts that assign to globalThis.__RSC_MANIFEST: run in a sandbox. */
function entryJsFiles(dir, entry) {
  const file = path.join(dir, "server", "app", `${entry}_client-reference-manifest.js`);
  if (!existsSync(file)) return null;
  const sandbox = {};
  sandbox.globalThis = sandbox;
  sandbox.self = sandbox;
  vm.runInNewContext(readFileSync(file, "utf8"), sandbox, { filename: file, timeout: 5000 });
  const manifest = sandbox.__RSC_MANIFEST?.[entry];
  if (!manifest?.entryJSFiles) return null;
  return [...new Set(Object.values(manifest.entryJSFiles).flat())];
}

export function measureRoutes(dir) {
  const buildManifest = readJson(path.join(dir, "build-manifest.json"));
  const routes = readJson(path.join(dir, "app-path-routes-manifest.json"));
  const chunkCache = new Map();
  const chunk = (file) => {
    if (!chunkCache.has(file)) {
      const source = readFileSync(path.join(dir, file));
      const text = source.toString("utf8");
      chunkCache.set(file, {
        gzip: gzipSync(source, { level: 9 }).length,
        leaflet: LEAFLET_MARKERS.every((marker) => text.includes(marker)),
        refs: [...new Set(text.match(CHUNK_REF) ?? [])],
      });
    }
    return chunkCache.get(file);
  };
  const rootMain = buildManifest.rootMainFiles ?? [];
  const rows = [];
  for (const [entry, route] of Object.entries(routes)) {
    if (!entry.endsWith("/page") || route.startsWith("/_")) continue;
    const entries = entryJsFiles(dir, entry);
    if (!entries) throw new Error(`no client reference manifest with entryJSFiles for ${entry}`);
    const firstLoad = [...new Set([...rootMain, ...entries])];
    const lazy = new Set();
    const queue = [...firstLoad];
    while (queue.length > 0) {
      for (const ref of chunk(queue.shift()).refs) {
        if (firstLoad.includes(ref) || lazy.has(ref) || !existsSync(path.join(dir, ref))) continue;
        lazy.add(ref);
        queue.push(ref);
      }
    }
    const sum = (files) => files.reduce((total, file) => total + chunk(file).gzip, 0);
    rows.push({
      route,
      firstLoadKb: Math.round((sum(firstLoad) / KB) * 10) / 10,
      lazyKb: Math.round((sum([...lazy]) / KB) * 10) / 10,
      leafletInFirstLoad: firstLoad.some((file) => chunk(file).leaflet),
      leafletLazy: [...lazy].some((file) => chunk(file).leaflet),
      chunks: firstLoad.length,
    });
  }
  return rows.sort((a, b) => a.route.localeCompare(b.route));
}

export function judge(rows) {
  const failures = [];
  for (const row of rows) {
    const budget = BUDGETS_KB[row.route];
    const counted = row.route === MAP_ROUTE ? row.firstLoadKb + row.lazyKb : row.firstLoadKb;
    row.budgetKb = budget ?? null;
    row.countedKb = Math.round(counted * 10) / 10;
    if (budget !== undefined && counted > budget)
      failures.push(`${row.route}: ${row.countedKb} KB gzip > budget ${budget} KB`);
    if (row.route !== MAP_ROUTE && row.leafletInFirstLoad)
      failures.push(`${row.route}: Leaflet code is in its first load (it belongs in the /map chunk only)`);
  }
  for (const route of Object.keys(BUDGETS_KB))
    if (!rows.some((r) => r.route === route)) failures.push(`${route}: not found in the build`);
  return failures;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  if (
    !existsSync(path.join(args.dir, "build-manifest.json")) ||
    !existsSync(path.join(args.dir, "app-path-routes-manifest.json"))
  ) {
    console.error(`No production build in ${args.dir}: run \`next build\` first.`);
    process.exit(2);
  }
  const rows = measureRoutes(args.dir);
  const failures = judge(rows);
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ rows, failures }, null, 2)}\n`);
  } else {
    const line = (cells) =>
      `${cells[0].padEnd(40)} ${cells
        .slice(1)
        .map((c) => String(c).padStart(12))
        .join(" ")}`;
    console.log(line(["route", "first load", "lazy", "budget", "Leaflet"]));
    for (const row of rows) {
      const leaflet = row.leafletInFirstLoad ? "FIRST LOAD" : row.leafletLazy ? "lazy" : "-";
      const budget = row.budgetKb === null ? "-" : `${row.budgetKb}${row.route === MAP_ROUTE ? " (+lazy)" : ""}`;
      console.log(line([row.route, `${row.firstLoadKb} KB`, `${row.lazyKb} KB`, budget, leaflet]));
    }
    console.log(
      failures.length === 0
        ? "\nBundle budget: every route within budget."
        : `\nBundle budget broken:\n- ${failures.join("\n- ")}`,
    );
  }
  process.exit(failures.length === 0 ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
