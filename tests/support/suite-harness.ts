import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

interface Closable {
  close(): unknown;
}

/**
 * A harness (an emulator, a database, a bench) opened once for the suite it is called in, a test file or a describe
 * block, and closed after it. The answer stands for the harness once it is open: tests and hooks use it as the harness.
 */
export function openForSuite<Harness extends Closable>(
  open: () => Promise<Harness>,
  afterOpen?: (harness: Harness) => void,
): Harness {
  let opened: Harness | undefined;
  beforeAll(async () => {
    opened = await open();
    afterOpen?.(opened);
  });
  afterAll(() => opened?.close());
  return standIn(() => opened);
}

/** As `openForSuite`, but a fresh harness for each test, closed after it. */
export function openForEachTest<Harness extends Closable>(open: () => Promise<Harness>): Harness {
  let opened: Harness | undefined;
  beforeEach(async () => {
    opened = await open();
  });
  afterEach(() => opened?.close());
  return standIn(() => opened);
}

function standIn<Harness extends Closable>(opened: () => Harness | undefined): Harness {
  const current = () => {
    const harness = opened();
    if (!harness) throw new Error("the harness opens in a before hook: use it inside a test or a hook");
    return harness;
  };
  return new Proxy({} as Harness, {
    get(_, key) {
      const value = Reflect.get(current(), key);
      // Bound, so a method reading its own private fields works when called through the stand-in.
      return typeof value === "function" ? value.bind(current()) : value;
    },
    set: (_, key, value) => Reflect.set(current(), key, value),
  });
}
