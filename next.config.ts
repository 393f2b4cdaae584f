import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships ~15 MB of WASM; bundling it would copy it into static output.
  // pg and nodemailer are Node-only and gain nothing from bundling.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "nodemailer"],
  poweredByHeader: false,
  // The build checks the app; `npm run typecheck` (first step of `npm test`) checks tests and scripts too.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  reactStrictMode: true,
};

export default nextConfig;
