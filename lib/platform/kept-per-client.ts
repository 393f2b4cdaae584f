/**
 * Answers a platform client may keep a while (a place's name, a tax's rate), kept per client so a test's fresh client
 * starts with none. A read that throws is not kept; past `maxEntries` the client starts afresh.
 */
export function keptPerClient<K, V>(ttlMs: number, maxEntries = 2_000) {
  const keptOf = new WeakMap<object, Map<K, { value: V; until: number }>>();
  return async function keptOrRead(client: object, key: K, read: () => Promise<V>): Promise<V> {
    let kept = keptOf.get(client);
    if (!kept) keptOf.set(client, (kept = new Map()));
    const known = kept.get(key);
    if (known && known.until > Date.now()) return known.value;
    const value = await read();
    if (kept.size >= maxEntries) kept.clear();
    kept.set(key, { value, until: Date.now() + ttlMs });
    return value;
  };
}
