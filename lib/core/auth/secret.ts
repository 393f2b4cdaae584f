import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError, getConfig } from "@/lib/core/config";

/**
 * AUTH_SECRET from the environment; in demo mode a secret generated once and
 * kept under the data directory, so `npm start` needs no configuration and sessions survive restarts.
 */
const holder = globalThis as unknown as { __driverPortalAuthSecret?: Promise<string> };

export function getAuthSecret(): Promise<string> {
  // One read (or generation) per process, so concurrent first requests agree on one secret.
  holder.__driverPortalAuthSecret ??= resolveAuthSecret().catch((error: unknown) => {
    holder.__driverPortalAuthSecret = undefined;
    throw error;
  });
  return holder.__driverPortalAuthSecret;
}

async function resolveAuthSecret(): Promise<string> {
  const config = getConfig();
  if (config.auth.secret) return config.auth.secret;
  // lib/core/config.ts already refuses to load without AUTH_SECRET outside demo mode.
  if (!config.demoMode) throw new ConfigError(["AUTH_SECRET is required outside demo mode"]);
  const file = path.join(config.dataDir, "auth-secret");
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: generate below.
  }
  const secret = randomBytes(32).toString("base64url");
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
