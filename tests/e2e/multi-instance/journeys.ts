import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page, Response } from "@playwright/test";
import { expect, isolateNetwork, signInByEmail, test } from "../fixtures";
import {
  CLUSTER_ORIGIN,
  CLUSTER_PORTS,
  Cluster,
  postgresProblem,
  type ClusterDialect,
  type InstanceName,
} from "./cluster";
import { PIN_HEADER, UPSTREAM_HEADER } from "../../support/nginx-config";

/**
 * One cluster (two instances, nginx, the emulators) for the spec file that calls this, started before
 * its first test and stopped after its last; its tests run in order. Skipped, loudly, only when no
 * Postgres answers. Returns a getter: the cluster exists once the hook has run.
 */
export function useCluster(
  dialect: ClusterDialect = "contract",
  options?: ConstructorParameters<typeof Cluster>[1],
): () => Cluster {
  let cluster: Cluster | null = null;
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const problem = await postgresProblem();
    if (problem) {
      console.warn(
        `\n!!! multi-instance journeys SKIPPED: no Postgres answers (${problem}). ` +
          "Start Postgres on 127.0.0.1:5432 or set MULTI_INSTANCE_POSTGRES_URL. !!!\n",
      );
      test.skip(true, `no Postgres: ${problem}`);
    }
    cluster = new Cluster(dialect, options);
    await cluster.start();
  });
  test.afterEach(async ({}, testInfo) => {
    if (cluster && testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach("cluster output", { path: cluster.writeTails(testInfo.outputPath("cluster.log")) });
  });
  test.afterAll(async () => {
    await cluster?.stop();
  });
  return () => {
    if (!cluster) throw new Error("the cluster has not started");
    return cluster;
  };
}

export const instanceAddress = (name: InstanceName) => `127.0.0.1:${CLUSTER_PORTS.instances[name === "a" ? 0 : 1]}`;

/** A browser context whose every request nginx sends to one instance (or spreads, when `pin` is null). */
export async function clusterContext(
  browser: Browser,
  pin: InstanceName | null,
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: CLUSTER_ORIGIN,
    storageState,
    extraHTTPHeaders: pin ? { [PIN_HEADER]: pin } : {},
  });
  await isolateNetwork(context);
  return context;
}

/** Loads `path` and checks which instance answered. */
export async function openOn(page: Page, path: string, instance: InstanceName): Promise<Response> {
  const response = await page.goto(path);
  expect(response, `no answer for ${path}`).not.toBeNull();
  expect(response!.headers()[UPSTREAM_HEADER], `${path} answered by instance ${instance}`).toBe(
    instanceAddress(instance),
  );
  return response!;
}

/** A platform user unknown to the portal until it signs in, on the shared platform. */
export async function newDriver(cluster: Cluster, tag: string): Promise<{ id: number; email: string }> {
  const email = `e2e.cluster.${tag}.${randomUUID().slice(0, 8)}@example.com`;
  const created = await cluster.platform<{ data: { id: number } }>("POST", "/public-api/resources/users/v1.1", {
    email,
    password: "app-secret-1",
    first_name: "Cluster",
    last_name: "Driver",
    country: "NL",
    partnerId: 1116,
    // The body is the dialect's own: the contract's `userGroupId`, the real platform's `userGroupIds`.
    ...(cluster.dialect === "ampeco" ? { userGroupIds: [257] } : { userGroupId: 257 }),
  });
  return { id: Number(created.data.id), email };
}

/** Signs `email` in through nginx (form, mailbox and link), pinned to one instance or spread over both. */
export async function signedInOn(browser: Browser, pin: InstanceName | null, email: string) {
  const context = await clusterContext(browser, pin);
  const page = await context.newPage();
  await signInByEmail(page, email);
  await expect(page).toHaveURL(/\/account$/);
  return { context, page };
}
