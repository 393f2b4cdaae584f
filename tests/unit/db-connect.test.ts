import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logIdleConnectionErrors } from "@/lib/db/connect";

describe("logIdleConnectionErrors", () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns a server-closed idle connection into a log line instead of an unhandled 'error' event", () => {
    const pool = new EventEmitter();
    // Without a listener, emitting 'error' throws: that is what would take the portal down.
    expect(() => pool.emit("error", new Error("boom"))).toThrow("boom");

    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    logIdleConnectionErrors(pool);
    const terminated = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(() => pool.emit("error", terminated)).not.toThrow();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toContain("57P01");
  });
});
