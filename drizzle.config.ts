import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and applied by the app at start (lib/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./lib/db/migrations",
});
