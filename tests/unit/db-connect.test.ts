import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logIdleConnectionErrors } from "@/lib/core/db/connect";
import { captureLogs } from "../support/log-capture";

describe("logIdleConnectionErrors", () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns a server-closed idle connection into a log line instead of an unhandled 'error' event", () => {
    const pool = new EventEmitter();
    // Without a listener, emitting 'error' throws: that is what would take the portal down.
    expect(() => pool.emit("error", new Error("boom"))).toThrow("boom");

    const logs = captureLogs();
    logIdleConnectionErrors(pool);
    const terminated = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    expect(() => pool.emit("error", terminated)).not.toThrow();
    logs.restore();
    expect(logs.lines).toHaveLength(1);
    expect(logs.lines[0]).toMatchObject({ level: "error", fields: { scope: "db" } });
    expect(logs.lines[0]?.text).toContain("57P01");
  });
});
