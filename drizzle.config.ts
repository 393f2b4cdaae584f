import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and applied by the app at start (lib/core/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/core/db/schema/index.ts",
  out: "./lib/core/db/migrations",
});
