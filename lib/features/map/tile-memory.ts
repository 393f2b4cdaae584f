/**
 * The browser's memory of which tiles it fetched and when (spec §4.16): moving the map within a
 * tile fetched less than `freshForMs` ago reuses that answer instead of asking again. Pure.
 */
export interface TileMemory<T> {
  /** The value remembered for `key`, if still fresh. */
  fresh(key: string): T | null;
  remember(key: string, value: T): void;
}

export function createTileMemory<T>(freshForMs: number, now: () => number = Date.now, maxEntries = 200): TileMemory<T> {
  const entries = new Map<string, { value: T; at: number }>();
  return {
    fresh(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (now() - entry.at >= freshForMs) {
        entries.delete(key);
        return null;
      }
      return entry.value;
    },
    remember(key, value) {
      entries.delete(key);
      entries.set(key, { value, at: now() });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
  };
}
