// Lighthouse in a plain `node` process. Under tsx it fails with "__name is not defined": tsx's
// transform wraps functions with a name helper, and Lighthouse sends some of its functions to the
// browser as source text, where that helper does not exist. Input: one JSON argument
// {origin, pages: [{path, cookie?}]}; output: one JSON line, an array of page results.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

// Debian's Chromium with no background traffic: the bench machine has no network beyond loopback.
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
const CATEGORIES = ["performance", "accessibility", "best-practices"];
// Runs per page: LIGHTHOUSE_RUNS (an odd number keeps one median run), 3 by default.
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);

/** Up to two items of a failing audit (the console error, the offending element), so a finding says what. */
function examples(audit) {
  const items = Array.isArray(audit.details?.items) ? audit.details.items : [];
  const text = items
    .slice(0, 2)
    .map((item) =>
      [item.description ?? item.node?.snippet ?? item.url ?? "", item.sourceLocation?.url ?? ""]
        .filter(Boolean)
        .join(" at "),
    )
    .filter((value) => typeof value === "string" && value !== "")
    .map((value) => value.slice(0, 160));
  return text.length > 0 ? ` — ${text.join("; ")}` : "";
}

/** A category's score out of 100, or null when the run broke. */
const categoryScore = (lhr, id) =>
  typeof lhr.categories[id]?.score === "number" ? Math.round(lhr.categories[id].score * 100) : null;

/** An audit's numeric value with `decimals` decimals, or null when the run did not measure it. */
const auditValue = (lhr, id, decimals) =>
  typeof lhr.audits[id]?.numericValue === "number"
    ? Math.round(lhr.audits[id].numericValue * 10 ** decimals) / 10 ** decimals
    : null;

const { origin, pages } = JSON.parse(process.argv[2] ?? "{}");
const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: CHROME_FLAGS,
  logLevel: "silent",
});
const results = [];
try {
  for (const { path, cookie } of pages) {
    // Lighthouse's own advice: the median of several runs, since its performance score moves with
    // CPU contention (this machine's two cores are shared) far more than the page does.
    const lhrs = [];
    for (let run = 0; run < RUNS; run++) {
      const runner = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        extraHeaders: cookie ? { cookie } : undefined,
      });
      if (!runner) throw new Error(`lighthouse gave no result for ${path}`);
      lhrs.push(runner.lhr);
    }
    // A run that broke (no score: e.g. no LCP, a protocol timeout under load) is reported, not averaged in.
    const performanceScores = lhrs.map((r) => categoryScore(r, "performance"));
    // Each run's LCP and TBT as well: a median score can hide which metric moved.
    const runMetrics = lhrs.map((r) => ({
      performance: categoryScore(r, "performance"),
      lcpMs: auditValue(r, "largest-contentful-paint", 0),
      tbtMs: auditValue(r, "total-blocking-time", 0),
    }));
    const runErrors = lhrs
      .map((r) => r.runtimeError?.message ?? (r.categories.performance?.score == null ? "no performance score" : null))
      .filter(Boolean);
    const scored = lhrs
      .filter((r) => typeof r.categories.performance?.score === "number")
      .sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = scored.length > 0 ? scored[Math.floor((scored.length - 1) / 2)] : lhrs[0];
    const score = (id) => categoryScore(lhr, id);
    const numeric = (id) => auditValue(lhr, id, 3);
    const losing = (categories) =>
      categories
        .flatMap((c) => lhr.categories[c]?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter(
          (a) =>
            a &&
            typeof a.score === "number" &&
            a.score < 1 &&
            !["informative", "manual", "notApplicable"].includes(a.scoreDisplayMode),
        )
        .map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}${examples(a)}`);
    // The "why" behind a score: audits that cost accessibility or best-practice points, and the
    // performance audits that did not pass (metrics included, with their values).
    const failing = [...new Set(losing(["accessibility", "best-practices"]))];
    const performanceFindings = [...new Set(losing(["performance"]))];
    results.push({
      page: path,
      finalUrl: lhr.finalDisplayedUrl,
      runs: RUNS,
      performanceScores,
      runMetrics,
      runErrors,
      scores: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
      },
      metrics: {
        fcpMs: numeric("first-contentful-paint"),
        lcpMs: numeric("largest-contentful-paint"),
        tbtMs: numeric("total-blocking-time"),
        cls: numeric("cumulative-layout-shift"),
      },
      failing,
      performanceFindings,
      runtimeError: lhr.runtimeError?.message,
    });
    console.error(`[bench] lighthouse ${path}: ${JSON.stringify(results[results.length - 1].scores)}`);
  }
} finally {
  // Only the Chromium this process launched, by its own handle.
  await chrome.kill();
}
process.stdout.write(`${JSON.stringify(results)}\n`);
