import type { ChildProcess } from "node:child_process";

/** The port a fixture server prints as "PORT n" on its stdout, and all it has printed so far. */
export function fixturePort(child: ChildProcess): { port: Promise<number>; output: () => string } {
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const port = new Promise<number>((resolve, reject) => {
    const check = setInterval(() => {
      const match = /PORT (\d+)/.exec(output);
      if (match) {
        clearInterval(check);
        resolve(Number(match[1]));
      }
    }, 10);
    child.once("exit", () => {
      clearInterval(check);
      reject(new Error(`fixture exited early:\n${output}`));
    });
  });
  return { port, output: () => output };
}
