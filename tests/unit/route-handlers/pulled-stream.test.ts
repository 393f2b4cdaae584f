import { describe, expect, it, vi } from "vitest";
import { pulledStream } from "@/lib/core/route-handlers/pulled-stream";

/**
 * The export's byte stream over a scripted chunk source (one chunk per platform page): what it
 * reads before answering, how far it reads ahead of the client, and what a failure or a cancel does.
 */

interface Source {
  chunks: AsyncGenerator<string, void, undefined>;
  /** Chunks asked of the source so far, i.e. platform pages fetched. */
  fetched(): number;
  /** Whether the source was closed (its `finally` ran). */
  closed(): boolean;
}

function source(count: number, options: { failAt?: number; empty?: number[] } = {}): Source {
  let fetched = 0;
  let closed = false;
  async function* chunks() {
    try {
      for (let i = 1; i <= count; i++) {
        fetched = i;
        await nextTurn();
        if (i === options.failAt) throw new Error(`page ${i} failed`);
        yield options.empty?.includes(i) ? "" : `row ${i}\r\n`;
      }
    } finally {
      closed = true;
    }
  }
  return { chunks: chunks(), fetched: () => fetched, closed: () => closed };
}

/** A page of the scripted source answers on the next event-loop turn: no clock involved. */
function nextTurn() {
  return new Promise<void>((resolve) => setImmediate(resolve));
}

/** Every page answers within a turn, so 20 turns let an eager stream fetch all it would of these short sources. */
async function settle() {
  for (let turn = 0; turn < 20; turn++) await nextTurn();
}
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("pulledStream", () => {
  it("reads the first chunk before answering and nothing more until the client reads", async () => {
    const src = source(5);
    const stream = await pulledStream(src.chunks, () => undefined);
    expect(src.fetched()).toBe(1);
    await settle();
    expect(src.fetched()).toBe(1);
    const reader = stream.getReader();
    expect(text((await reader.read()).value)).toBe("row 1\r\n");
    await reader.cancel();
  });

  it("fetches at most one page ahead of the client, and delivers every chunk in order", async () => {
    const src = source(6);
    const reader = (await pulledStream(src.chunks, () => undefined)).getReader();
    const read: string[] = [];
    for (;;) {
      await settle();
      expect(src.fetched()).toBeLessThanOrEqual(read.length + 1);
      const next = await reader.read();
      if (next.done) break;
      read.push(text(next.value));
    }
    expect(read).toEqual(["row 1\r\n", "row 2\r\n", "row 3\r\n", "row 4\r\n", "row 5\r\n", "row 6\r\n"]);
  });

  it("reads on past empty chunks instead of stalling", async () => {
    const src = source(4, { empty: [2, 3] });
    const body = await new Response(await pulledStream(src.chunks, () => undefined)).text();
    expect(body).toBe("row 1\r\nrow 4\r\n");
  });

  it("rejects before answering when the first chunk fails", async () => {
    const onError = vi.fn();
    await expect(pulledStream(source(3, { failAt: 1 }).chunks, onError)).rejects.toThrow("page 1 failed");
    expect(onError).not.toHaveBeenCalled(); // the handler answers with an error status instead
  });

  it("aborts the stream when a later chunk fails, so a truncated file cannot pass for a whole one", async () => {
    const onError = vi.fn();
    const stream = await pulledStream(source(5, { failAt: 3 }).chunks, onError);
    await expect(new Response(stream).text()).rejects.toThrow("page 3 failed");
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ message: "page 3 failed" });
  });

  it("stops fetching pages when the client cancels, dropping the page in flight without an error", async () => {
    // Pages from 3 on wait for the test to let them answer, so the cancel lands while page 3 is in
    // flight whatever the machine's speed (a timer-based version depended on a 5 ms vs 20 ms race).
    const answers: (() => void)[] = [];
    let fetched = 0;
    let closed = false;
    async function* chunks(): AsyncGenerator<string, void, undefined> {
      try {
        for (let i = 1; i <= 100; i++) {
          fetched = i;
          if (i >= 3) await new Promise<void>((resolve) => answers.push(resolve));
          yield `row ${i}\r\n`;
        }
      } finally {
        closed = true;
      }
    }
    const onError = vi.fn();
    const reader = (await pulledStream(chunks(), onError)).getReader();
    expect(text((await reader.read()).value)).toBe("row 1\r\n");
    expect(text((await reader.read()).value)).toBe("row 2\r\n");
    // Reading page 2 made room in the queue, so page 3 is being fetched now.
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(fetched).toBe(3);

    const cancelled = reader.cancel();
    answers.shift()?.(); // page 3 answers after the client went away
    await cancelled;
    expect(closed).toBe(true);
    await settle();
    expect(fetched).toBe(3);
    expect(answers).toHaveLength(0);
    expect(onError).not.toHaveBeenCalled();
  });
});
