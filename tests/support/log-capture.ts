import { Writable } from "node:stream";
import { createLogger, type LogLevel } from "@/lib/core/log";

export interface CapturedLine {
  level: string;
  /** The whole JSON line as written. */
  text: string;
  fields: Record<string, unknown>;
}

const holder = globalThis as { __driverPortalLogger?: unknown };

/**
 * Routes the server logger (lib/core/log.ts) into memory for one test file or test: every line it writes
 * lands in `lines` (and is handed to `onLine`), as the process would have printed it. `restore()`
 * hands logging back.
 */
export function captureLogs(level: LogLevel = "debug", onLine?: (line: CapturedLine) => void) {
  const lines: CapturedLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split("\n").filter(Boolean)) {
        const fields = JSON.parse(text) as Record<string, unknown>;
        const line = { level: String(fields.level), text, fields };
        lines.push(line);
        onLine?.(line);
      }
      done();
    },
  });
  const previous = holder.__driverPortalLogger;
  holder.__driverPortalLogger = createLogger(level, destination);
  return {
    lines,
    restore: () => {
      holder.__driverPortalLogger = previous;
    },
  };
}
