import "server-only";
import { createPlatformClient, type KnownEndpointName, type PlatformClient } from "@/lib/platform/client";
import type { CheckHttp, CheckTarget } from "./http";
import { rowOfFailure, type ProbeContext, type ProbeSamples } from "./probe";
import { probesFor } from "./probes";
import type { CheckRow } from "./table";

/**
 * The portal's own client, as the portal would build it from the same settings, without retries (a check reports a
 * 429 instead of waiting it out). Every answer is recorded with its headers for the header rows.
 */
export function checkClient(target: CheckTarget, http: CheckHttp): PlatformClient {
  const base = new URL(target.baseUrl);
  const recordingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const method = request.method;
    const path = new URL(request.url).pathname.slice(base.pathname.replace(/\/+$/, "").length);
    try {
      const response = await target.fetch(request);
      http.answers.push({ method, path, status: response.status, headers: response.headers, body: null });
      return response;
    } catch (error) {
      http.answers.push({ method, path, status: null, headers: new Headers(), body: null, failure: "no answer" });
      throw error;
    }
  };
  return createPlatformClient({
    dialect: target.dialect,
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    oauth: target.oauth,
    fetch: recordingFetch,
    timeoutMs: target.timeoutMs,
    maxRetries: 0,
    retryCapMs: 0,
    partnerId: target.partnerId,
    userGroupId: target.userGroupId,
    currency: target.currency,
    pathOverrides: target.pathOverrides,
    now: target.now,
    logger: () => undefined,
  });
}

/**
 * One row per call in the dialect's endpoint table, each made through the client's parsers; a call without a probe is
 * a blocker. The samples the probes found go on to the rows that are not calls (the invoice PDF, the callbacks).
 */
export async function checkCalls(
  target: CheckTarget,
  platform: PlatformClient,
): Promise<{ rows: CheckRow[]; samples: ProbeSamples }> {
  const endpoints = Object.keys(platform.wire.endpoints) as KnownEndpointName[];
  const { probes, unprobed } = probesFor(endpoints);
  const context: ProbeContext = { target, platform, requester: platform.wire.requester, samples: {} };
  const rows: CheckRow[] = [];
  for (const probe of probes) {
    try {
      const finding = await probe.run(context);
      rows.push({ check: probe.endpoint, call: true, ...finding });
    } catch (error) {
      rows.push({ ...rowOfFailure(probe.endpoint, probe.feature, error), call: true });
    }
  }
  for (const endpoint of unprobed)
    rows.push({
      check: endpoint,
      call: true,
      result: "blocker",
      todo: "no probe: platform:check cannot tell whether this call works (add one in lib/features/platform-check/probes/)",
    });
  const answering = rows.filter((row) => row.result === "ok").length;
  const summary: CheckRow = {
    check: "calls",
    result: "ok",
    todo: `${answering} of ${rows.length} calls answer as the portal reads them`,
  };
  return { rows: [summary, ...rows], samples: context.samples };
}
