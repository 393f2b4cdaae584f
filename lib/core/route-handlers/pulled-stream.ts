import "server-only";

/**
 * A byte stream pulled chunk by chunk (backpressure), so a long history never sits in memory. Why the first chunk is
 * read early and a failure aborts: docs/design-notes.md#libcoreroute-handlerspulled-streamts.
 */
export async function pulledStream(
  chunks: AsyncGenerator<string | Uint8Array, void, undefined>,
  onError: (error: unknown) => void,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await chunks.next();
  let pending: string | Uint8Array = first.done ? "" : first.value;
  let finished = first.done === true;
  // Set when the client goes away while a page is being fetched: that page is then dropped unseen.
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          let chunk = pending;
          pending = "";
          // A pull that enqueues nothing is not called again: read on past empty chunks.
          while (chunk.length === 0 && !finished) {
            const next = await chunks.next();
            if (next.done) finished = true;
            else chunk = next.value;
          }
          if (cancelled) return;
          if (chunk.length > 0) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
          if (finished) controller.close();
        } catch (error) {
          if (cancelled) return;
          onError(error);
          controller.error(error);
        }
      },
      async cancel() {
        cancelled = true;
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
