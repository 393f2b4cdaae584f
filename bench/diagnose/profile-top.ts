import { readFileSync } from "node:fs";

/**
 * Where a request's CPU goes, from a `.cpuprofile` that `i18n-cost.ts --prof=DIR` wrote: the self time of
 * the samples in the timed loop (the last `--window` seconds before the profile's end), per part, in ms a request.
 *
 *   npx tsx bench/diagnose/profile-top.ts DIR/CPU.….cpuprofile --window=12.3 --requests=200
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const PARTS: [name: string, test: (frame: ProfileNode["callFrame"]) => boolean][] = [
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["idle", (f) => f.functionName === "(idle)" || f.functionName === "(program)"],
  ["PGlite (the database, WASM)", (f) => /pglite/i.test(f.url) || f.url.startsWith("wasm://")],
  ["next-intl and use-intl", (f) => /(next-intl|use-intl|intl-messageformat|@formatjs)/.test(f.url)],
  ["gzip", (f) => /zlib/.test(f.url) || f.functionName === "zlib"],
  ["middleware sandbox", (f) => /(edge-runtime|sandbox|middleware)/.test(f.url)],
  ["Next's app-page runtime (React's renderers)", (f) => /app-page|react-server-dom|react-dom/.test(f.url)],
  ["the app's own chunks", (f) => /\.next\/server\/(chunks|app)/.test(f.url)],
  ["Next's server", (f) => /next\/dist/.test(f.url)],
  ["Node's HTTP, streams and async hooks", (f) => f.url.startsWith("node:") || f.url === ""],
];

function main() {
  const [file] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (!file) throw new Error("usage: profile-top.ts FILE.cpuprofile --window=SECONDS --requests=N");
  const windowUs = Number(option("window") ?? 0) * 1e6;
  const requests = Number(option("requests") ?? 1);
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const from = windowUs > 0 ? profile.endTime - windowUs : profile.startTime;

  const totals = new Map<string, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i] ?? 0;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    if (time < from) return;
    const frame = byId.get(id)?.callFrame ?? { functionName: "", url: "" };
    const part = PARTS.find(([, test]) => test(frame))?.[0] ?? "other";
    totals.set(part, (totals.get(part) ?? 0) + delta);
  });
  const busy = [...totals].filter(([part]) => part !== "idle").reduce((sum, [, us]) => sum + us, 0);
  console.log(`sampled CPU: ${(busy / 1000 / requests).toFixed(1)} ms a request over ${requests}`);
  for (const [part, us] of [...totals].sort((a, b) => b[1] - a[1]))
    if (part !== "idle") console.log(`  ${(us / 1000 / requests).toFixed(1).padStart(6)} ms  ${part}`);
}

main();
