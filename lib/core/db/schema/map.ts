import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Map data reference lists (connection types, operators, statuses, countries), refreshed once a day. */
export const mapReferenceData = pgTable("map_reference_data", {
  id: text("id").primaryKey(),
  payload: jsonb("payload").notNull(),
  fetchedAt: timestamp("fetched_at", { mode: "date" }).notNull(),
});

/** Shared tile cache: one row per rounded centre and radius bucket, so every driver and instance reuses it. */
export const mapTileCache = pgTable("map_tile_cache", {
  key: text("key").primaryKey(),
  payload: jsonb("payload").notNull(),
  fetchedAt: timestamp("fetched_at", { mode: "date" }).notNull(),
  expiresAt: timestamp("expires_at", { mode: "date" }).notNull(),
});

/** One row per upstream fetch in progress, so other instances wait for its result. A crashed holder's lease expires. */
export const upstreamLeases = pgTable("upstream_lease", {
  name: text("name").primaryKey(),
  expiresAt: timestamp("expires_at", { mode: "date" }).notNull(),
});
