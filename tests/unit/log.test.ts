import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, type LogLevel } from "@/lib/core/log";

/** A logger at `level` that writes into an array of parsed lines. */
function capture(level: LogLevel) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLogger(level, destination), lines };
}

describe("the server logger", () => {
  it("redacts a password, a key, a bearer token and e-mail addresses from a logged object", () => {
    const { log, lines } = capture("info");
    log.error(
      {
        request: {
          headers: { authorization: "Bearer sk_live_abcdef123456" },
          body: { email: "jane@example.org", password: "hunter2-secret" },
        },
        config: { apiKey: "platform-key-987", PLATFORM_API_KEY: "platform-key-987", clientSecret: "oauth-secret" },
        note: "sent to jane@example.org with Bearer eyJhbGciOi.payload.sig",
        error: new Error("The email jane@example.org has already been taken"),
      },
      "platform call failed for jane@example.org",
    );
    const text = JSON.stringify(lines);
    for (const secret of [
      "sk_live_abcdef123456",
      "hunter2-secret",
      "platform-key-987",
      "oauth-secret",
      "jane@example.org",
      "eyJhbGciOi",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({
      level: "error",
      msg: "platform call failed for [redacted]",
      error: { type: "Error" },
    });
    // What is safe stays readable.
    expect(text).toContain("has already been taken");
  });

  it("writes nothing below its level: LOG_LEVEL=error silences every info and warn line", () => {
    const { log, lines } = capture("error");
    log.info("[db] ready");
    log.warn("a warning");
    log.debug("details");
    expect(lines).toEqual([]);
    log.error("a failure");
    expect(lines).toHaveLength(1);
  });

  it("writes nothing at all when silent", () => {
    const { log, lines } = capture("silent");
    log.error("a failure");
    expect(lines).toEqual([]);
  });
});
