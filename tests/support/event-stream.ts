import type { DriverEvent } from "@/lib/features/live/shared";

/** The drivers' event streams in tests: read a stream's frames, and a balance event to publish. */

/** Reads the stream until `until` holds for the text so far, or the stream ends or fails; the text. */
export async function readUntil(
  stream: Response | ReadableStream<Uint8Array>,
  until: (text: string) => boolean,
): Promise<string> {
  const reader = (stream instanceof Response ? stream.body! : stream).getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!until(text)) {
    const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

export const balanceEvent = (amount: number): DriverEvent => ({
  type: "balance",
  balance: amount,
  currency: "EUR",
  updatedAt: "2026-03-14T10:00:00Z",
});
