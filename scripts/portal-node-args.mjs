// Node options of the portal's server process (`next start`). One list for everything that starts
// the portal — `npm start` (scripts/start.mjs), the bench (bench/lib/portal.ts) and the end-to-end
// tests' web server (playwright.config.ts) — so the bench and the tests run the portal as shipped.
//
// --max-semi-space-size=2 (MB): bounds V8's young generation. Left alone, V8 grows it up to 16 MB
// per semi-space while a request allocates steadily (a long CSV export streams ~5 KB of short-lived
// objects per row), and the process keeps those pages: the peak RSS of an export then grew with its
// length. Bench, 2 cores shared, peak-RSS delta of the export at 1,000 / 10,000 / 50,000 sessions
// (mean of 2–4 runs):
//   default  +4.4 / +9.4 / +33.5 MB (a plateau: +35 MB at 100,000)
//   2 MB     +4.3 / +6.3 / +10.3 MB (+10.4 MB at 100,000)
//   1 MB     +2.5 / +5.7 / +9.8 MB
// Load phase (100 drivers on /account, 30 s, median of 5–7 runs): default 62 req/s, p95 1.8 s;
// 2 MB the same within the noise (60 req/s, p95 1.8 s); 1 MB costs ~10 % (54 req/s, p95 2.3 s).
//
// --import client-peer-address.mjs: appends the socket's address to X-Forwarded-For, so per-client
// limits cannot be reset by a forged header (see that file). Relative to the project root, where
// every portal process starts (this file is also loaded as CommonJS by Playwright: no import.meta).
//
// --import graceful-shutdown.mjs: on SIGTERM, finish the requests in flight (streams included, up to
// SHUTDOWN_GRACE_MS), close the database pool and exit 0, instead of Next's immediate exit.
//
// --import page-queue.mjs: at most PAGE_CONCURRENCY pages render at once, the rest in arrival order, so a
// saturated server still accepts new connections promptly (see that file).
export const PORTAL_NODE_ARGS = Object.freeze([
  "--max-semi-space-size=2",
  "--import=./scripts/client-peer-address.mjs",
  "--import=./scripts/graceful-shutdown.mjs",
  "--import=./scripts/page-queue.mjs",
]);
