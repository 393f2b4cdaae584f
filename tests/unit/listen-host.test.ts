import { describe, expect, it } from "vitest";
import { listenHost } from "../../scripts/listen-host.mjs";

describe("listenHost: where npm start listens", () => {
  it("keeps demo mode on loopback unless HOST is set", () => {
    expect(listenHost(undefined, true)).toBe("127.0.0.1");
    expect(listenHost("", true)).toBe("127.0.0.1");
    expect(listenHost("0.0.0.0", true)).toBe("0.0.0.0");
  });

  it("listens on every interface outside demo mode, or on HOST", () => {
    expect(listenHost(undefined, false)).toBe("0.0.0.0");
    expect(listenHost("10.0.0.5", false)).toBe("10.0.0.5");
  });
});
