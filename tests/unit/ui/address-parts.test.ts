import { describe, expect, it } from "vitest";
import { addressParts } from "@/components/ui/address-parts";

describe("addressParts", () => {
  it("splits after the @ and before each dot, losing no character", () => {
    expect(addressParts("e2e.driver.long@example.co.uk")).toEqual([
      "e2e",
      ".driver",
      ".long@",
      "example",
      ".co",
      ".uk",
    ]);
  });

  it("leaves a name or a text without separators whole", () => {
    expect(addressParts("Erin Example")).toEqual(["Erin Example"]);
    expect(addressParts("")).toEqual([""]);
  });
});
