import { describe, expect, it } from "vitest";
import { clientAddressFrom } from "@/lib/core/auth/client-address";
import { isLoopbackAddress, metricsAccess } from "@/lib/core/observability/access";

/** Who may scrape /api/metrics: this machine, or the bearer token; never a remote client, behind nginx or not. */
const TOKEN = "a-token-of-sixteen-or-more";
const ask = (clientAddress: string | null, authorization: string | null = null, enabled = true) =>
  metricsAccess({ enabled, token: TOKEN, authorization, clientAddress });

describe("metrics access", () => {
  it("answers a loopback client without a token", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "[::1]"]) {
      expect(isLoopbackAddress(address), address).toBe(true);
      expect(ask(address)).toBe("allowed");
    }
  });

  it("refuses anyone else without the right token, and answers the token from anywhere", () => {
    for (const address of ["198.51.100.7", "10.0.0.1", "2001:db8::1", "unknown", "127.0.0.1.example"]) {
      expect(ask(address), address).toBe("refused");
      expect(ask(address, "Bearer wrong-token-of-enough-length"), address).toBe("refused");
      expect(ask(address, `Bearer ${TOKEN}`), address).toBe("allowed");
    }
    expect(
      metricsAccess({ enabled: true, token: undefined, authorization: "Bearer ", clientAddress: "10.0.0.1" }),
    ).toBe("refused");
  });

  it("behind nginx (one trusted hop) a remote client stays remote, whatever X-Forwarded-For it wrote", () => {
    // nginx appends the client it saw; the portal's preload appends the socket (nginx on loopback).
    const remote = clientAddressFrom("198.51.100.7, 127.0.0.1", 1, true);
    expect(ask(remote)).toBe("refused");
    const forged = clientAddressFrom("127.0.0.1, 198.51.100.7, 127.0.0.1", 1, true);
    expect(ask(forged)).toBe("refused");
    const local = clientAddressFrom("127.0.0.1, 127.0.0.1", 1, true);
    expect(ask(local)).toBe("allowed");
  });

  it("without the socket's address (no preload) only the token opens it; off is off", () => {
    expect(ask(null)).toBe("refused");
    expect(ask(null, `Bearer ${TOKEN}`)).toBe("allowed");
    expect(ask("127.0.0.1", `Bearer ${TOKEN}`, false)).toBe("off");
  });
});
