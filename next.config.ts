import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const nextConfig: NextConfig = {
  // PGlite ships ~15 MB of WASM; bundling it would copy it into static output.
  // pg and nodemailer are Node-only and gain nothing from bundling; pdfkit reads its font metrics
  // from files next to its own code, which a bundle would not carry.
  // prom-client and the OpenTelemetry SDK are Node-only too, loaded when metrics or traces are on (docs/operations.md).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "nodemailer",
    "pdfkit",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-base",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
  ],
  poweredByHeader: false,
  // Type checking is its own gate: `npm run typecheck` (the first step of `npm test`) checks app, tests and
  // scripts together, so the build does not check the app a second time.
  typescript: { tsconfigPath: "tsconfig.build.json", ignoreBuildErrors: true },
  reactStrictMode: true,
  // forbidden(): a staff page the role may not open answers 403 with its sentence (app/admin/forbidden.tsx).
  experimental: { authInterrupts: true },
  turbopack: {
    // The browser bundle gets only the parts of Leaflet the map uses (why in the module itself).
    resolveAlias: { leaflet: { browser: "./components/map/leaflet-parts.js" } },
  },
};

// next-intl reads the request's locale and messages from lib/core/next-intl-request.ts. The catalogues are
// compiled at build time, so the browser gets no ICU parser (about 12 KB gzip on every page).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/core/next-intl-request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: ["en", "nl", "de"], precompile: true } },
});

export default withNextIntl(nextConfig);
