import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { expect } from "./fixtures";

/** Waits, up to a minute, until the portal at `base` answers its health check with 200. */
export async function expectHealthyWithinAMinute(base: string): Promise<void> {
  await expect
    .poll(
      async () =>
        fetch(`${base}/api/health`)
          .then((r) => r.status)
          .catch(() => 0),
      { timeout: 60_000 },
    )
    .toBe(200);
}

/** Stops a process the test started, by its own pid (never by name), and waits until it has exited. */
export async function stopStartedProcess(child: ChildProcess | undefined): Promise<void> {
  if (child?.pid && child.exitCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited; // the port is free again before anything else may want it
  }
}
