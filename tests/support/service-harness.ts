import { beforeEach } from "vitest";
import { createServiceHarness, type ServiceHarness } from "../integration/driver-services/harness";
import type { TestDialect } from "./platform-dialect";
import { openForSuite } from "./suite-harness";

export interface ServiceHarnessForSuiteOptions {
  /** The suite's hoisted holder that its `vi.mock` factories read the harness from. */
  seams?: { harness: ServiceHarness };
  /** The dialect both sides speak; TEST_DIALECT when left out. */
  dialect?: TestDialect;
  seedLocations?: boolean;
  /** Reset the emulator and forget the sent requests before each test (default); off where tests build on each other. */
  resetBeforeEach?: boolean;
}

/**
 * The integration suites' one setup of the service harness (the emulator in process, a fresh test database, the
 * client between them): opened for the suite, handed to its `vi.mock` seams, and reset before each test.
 */
export function serviceHarnessForSuite({
  seams,
  dialect,
  seedLocations,
  resetBeforeEach = true,
}: ServiceHarnessForSuiteOptions = {}): ServiceHarness {
  const harness = openForSuite(
    () => createServiceHarness(dialect, { seedLocations }),
    (opened) => {
      if (seams) seams.harness = opened;
    },
  );
  if (resetBeforeEach)
    beforeEach(() => {
      harness.emulator.reset();
      harness.sent.length = 0;
    });
  return harness;
}
