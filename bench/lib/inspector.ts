/**
 * A minimal Chrome DevTools Protocol client for the portal's V8 inspector: force a full GC and read
 * the heap still in use, i.e. live memory. Needs the global WebSocket (`--experimental-websocket`
 * on Node 20, which the bench script passes).
 */

export interface HeapProbe {
  /** Full GC, then the V8 heap in use, in bytes. */
  liveHeapBytes(): Promise<number>;
  close(): void;
}

export async function connectInspector(url: string): Promise<HeapProbe> {
  if (typeof WebSocket === "undefined")
    throw new Error("no global WebSocket: run the bench with node --experimental-websocket");
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`cannot connect to the portal's inspector at ${url}`)), {
      once: true,
    });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener("message", (event: MessageEvent) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter || message.id === undefined) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });

  return {
    async liveHeapBytes() {
      await send("HeapProfiler.collectGarbage");
      const usage = (await send("Runtime.getHeapUsage")) as { usedSize: number };
      return usage.usedSize;
    },
    close: () => socket.close(),
  };
}
