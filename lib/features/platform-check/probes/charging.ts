import "server-only";
import { ampecoProbeKit } from "@/lib/platform/client";
import { found, NO_SUCH_ID, notTried, problem, reachedWithout, refusedWrite, type Probe } from "../probe";

/** A charge point's page (issue 38): the EVSE a QR code names, found by its printed reference, and its tariff. */
const { AmpecoEvse, ampecoList } = ampecoProbeKit;

export const CHARGING_PROBES: Probe[] = [
  {
    endpoint: "evses.list",
    feature: "a charge point's page, opened from its QR code",
    async run({ platform, requester, samples }) {
      const { data } = await requester.request({
        endpoint: "evses.list",
        query: { cursor: "", per_page: 1 },
        schema: ampecoList(AmpecoEvse),
      });
      const first = data.data[0];
      if (!first) return found("lists no EVSE yet: no charge point page can open");
      if (!first.physicalReference)
        return problem("warning", `EVSE ${first.id} has no physical reference for a QR code`);
      samples.tariffGroupId = first.tariffGroupId ?? undefined;
      samples.evseId = first.id;
      samples.evseChargePointId = first.chargePointId ?? undefined;
      const chargePoint = await platform.charging?.findChargePoint(first.physicalReference);
      if (!chargePoint) return problem("blocker", `EVSE ${first.physicalReference} is not found by its reference`);
      samples.evseReference = first.physicalReference;
      return found(`finds ${first.physicalReference} by its reference, with ${chargePoint.evses.length} EVSE(s)`);
    },
  },
  {
    endpoint: "tariffs.list",
    feature: "the price on a charge point's page",
    async run({ platform, samples }) {
      if (samples.tariffGroupId === undefined) return notTried("no EVSE with a tariff group to price");
      const tariff = await platform.charging?.tariffFor(samples.tariffGroupId, samples.userId ?? null);
      return tariff
        ? found(`tariff group ${samples.tariffGroupId} applies tariff ${tariff.id} (${tariff.type})`)
        : problem("warning", `tariff group ${samples.tariffGroupId} applies no tariff: the page says so`);
    },
  },
  {
    endpoint: "receipts.list",
    feature: "the price without VAT on a charge point's page",
    async run({ platform }) {
      if (!platform.charging) return notTried("no charging API");
      const percent = await platform.charging.taxPercent(null);
      return percent === null
        ? problem("warning", "no receipt names the default tax yet: the page says prices include VAT, without the rate")
        : found(`the default tax is ${percent} %: the page shows each price without it too`);
    },
  },
  {
    endpoint: "paymentMethods.list",
    feature: "how a driver pays, on a charge point's page",
    async run({ platform, samples }) {
      if (samples.userId === undefined) return notTried("no user to list payment methods of");
      const methods = (await platform.charging?.listPaymentMethods(samples.userId)) ?? [];
      return found(`lists ${methods.length} payment method(s) of user ${samples.userId}`);
    },
  },
  {
    endpoint: "charging.start",
    feature: "starting a charge from the browser",
    // A user no tenant has: the start is refused (422) before any charge point is asked, so nothing starts.
    run: ({ requester, samples }) =>
      samples.evseId === undefined
        ? Promise.resolve(notTried("no EVSE to start on"))
        : refusedWrite(requester, {
            endpoint: "charging.start",
            params: { id: samples.evseId },
            body: { userId: NO_SUCH_ID },
          }),
  },
  {
    endpoint: "charging.stop",
    feature: "stopping a charge from the browser",
    // A session no tenant has (404): the route is there and nothing stops (*inferred*: a 403 may come after the lookup).
    run: ({ platform, samples }) =>
      samples.evseChargePointId === undefined || !platform.charging
        ? Promise.resolve(notTried("no charge point to stop on"))
        : reachedWithout(() => platform.charging!.stopSession(samples.evseChargePointId!, String(NO_SUCH_ID), false)),
  },
];
