import "server-only";
import type { NotificationSubscription } from "@/lib/platform/apis";
import type { KnownEndpointName, PlatformClient } from "@/lib/platform/client";
import { isPlatformError, type PlatformError } from "@/lib/platform/errors";
import type { PlatformCall, PlatformRequester } from "@/lib/platform/request";
import type { Invoice } from "@/lib/platform/types";
import type { CheckResult, CheckRow } from "./table";
import type { CheckTarget } from "./http";

/**
 * One probe per platform call the portal makes (a row of `platform:check`), each through the client's own requester
 * and parsers: a 200 whose body the client cannot read fails its row. Adding a call: docs in probes/index.ts.
 */
export interface Probe {
  /** The call it checks: an endpoint of the dialect's table, and the row's name. */
  endpoint: KnownEndpointName;
  /** What stops working when the call fails, for the to-do ("sign-up and staff creating drivers"). */
  feature: string;
  /** Makes the call; a platform error it throws is put into words by `runProbe`. */
  run(context: ProbeContext): Promise<ProbeFinding>;
}

export interface ProbeFinding {
  result: CheckResult;
  todo: string;
}

/** What earlier probes found, for the reads, writes and non-endpoint rows that need a record of the tenant. */
export interface ProbeSamples {
  userId?: number;
  /** A user who has transactions (the ledger's and billing details' rows). */
  ledgerUserId?: number;
  tagId?: number;
  sessionId?: string;
  locationId?: number;
  chargePointId?: number;
  /** An EVSE's printed reference (a QR code's) and its tariff group, for the charge point page's rows. */
  evseReference?: string;
  tariffGroupId?: number;
  /** That EVSE's id and its charge point's, for the start and stop rows. */
  evseId?: number;
  evseChargePointId?: number;
  transactionId?: number;
  invoiceId?: number;
  /** The invoice read, for the download row (its link is fresh for 24 hours). */
  invoice?: Invoice;
  /** A receipt a session's payment names, for the platform receipt's row. */
  receiptId?: number;
  /** Set once the subscriptions could be listed: the callbacks' rows need that right. */
  subscriptions?: NotificationSubscription[];
  currencyId?: number;
}

export interface ProbeContext {
  target: CheckTarget;
  /** The portal's own client, built for the check (no retries), its requester for the calls no API makes alone. */
  platform: PlatformClient;
  requester: PlatformRequester;
  samples: ProbeSamples;
}

export const found = (todo: string): ProbeFinding => ({ result: "ok", todo });
export const notTried = (todo: string): ProbeFinding => ({ result: "info", todo: `not tried: ${todo}` });
export const problem = (result: "warning" | "blocker", todo: string): ProbeFinding => ({ result, todo });

/** A user id no tenant has: a call that must find nothing, so it changes nothing. */
export const NO_SUCH_ID = 2_147_483_647;

/**
 * A write sent with a body the platform must refuse (422): the key may make it, and nothing changes. A 2xx means the
 * platform took the body, which the portal never sends like this.
 */
export async function refusedWrite(
  requester: PlatformRequester,
  call: Omit<PlatformCall, "endpoint"> & { endpoint: KnownEndpointName },
): Promise<ProbeFinding> {
  try {
    await requester.request(call);
  } catch (error) {
    if (isPlatformError(error) && error.code === "validation")
      return found("the key may make it: a body it must refuse was refused (422), nothing written");
    throw error;
  }
  return problem("blocker", "accepted a body it should refuse: look at what it created, and tell the tenant");
}

/** A call made for a record that cannot exist: 404 (a model's "no query results") shows the route is there. */
export async function reachedWithout(run: () => Promise<unknown>): Promise<ProbeFinding> {
  try {
    await run();
  } catch (error) {
    if (isPlatformError(error) && error.code === "not_found") {
      if (/route .* could not be found/i.test(error.platformMessage ?? ""))
        return problem("blocker", "the platform has no such route: check the API version or the path setting");
      return found("reached: a record that does not exist is answered 404, so nothing was started");
    }
    if (isPlatformError(error) && error.code === "validation")
      return found("reached: the call was refused (422) before it found a record, so nothing was started");
    throw error;
  }
  return problem("warning", "answered for a record that cannot exist: check the id the portal sends");
}

/**
 * The row of a probe (or a non-endpoint row's call) that threw: a refusal names the feature and who can fix it; a body
 * it cannot read, the fields.
 */
export function rowOfFailure(check: string, feature: string, error: unknown): CheckRow {
  const row = (result: CheckResult, todo: string): CheckRow => ({ check, result, todo });
  if (!isPlatformError(error)) {
    const reason = error instanceof Error ? error.message.slice(0, 160) : "unknown error";
    return row("blocker", `failed: ${reason}`);
  }
  return row(...wordsOf(feature, error));
}

function wordsOf(feature: string, error: PlatformError): [CheckResult, string] {
  const status = error.status ? ` (status ${error.status})` : "";
  switch (error.code) {
    case "forbidden":
      return ["blocker", `403: ${feature} will not work. Give the token's admin the right to use it.`];
    case "unauthorized":
      return ["blocker", `401: the key is refused here: ${feature} will not work`];
    case "bad_response": {
      const fields = "issuePaths" in error && Array.isArray(error.issuePaths) ? error.issuePaths.join(", ") : "";
      return [
        "blocker",
        `the portal cannot read the answer${status}${fields ? ` (fields ${fields})` : ""}: ${feature} fails. Send these field names to the tenant`,
      ];
    }
    case "rate_limited":
      return ["warning", `rate limited (429): not checked. Run the check again in a minute`];
    case "unavailable":
      return ["warning", `no answer${status}: ${feature} may fail. Run the check again`];
    default:
      return ["warning", `answered ${error.code}${status}: ${feature} may fail`];
  }
}
