import "server-only";
import { ampecoProbeKit } from "@/lib/platform/client";
import { wireItem } from "@/lib/platform/wire";
import { found, notTried, problem, type Probe, type ProbeContext, type ProbeFinding } from "../probe";

/** Own locations (the map's second layer, session places) and, on AMPECO, their charge points and EVSEs. */
const NO_CHARGE_POINT = "the platform has no charge point to try it on";
const { AmpecoChargePoint, AmpecoEvse, ampecoList } = ampecoProbeKit;

/** A probe of one call on the charge point an earlier probe found; not tried when there is none. */
function onSampleChargePoint(
  endpoint: Probe["endpoint"],
  feature: string,
  read: (requester: ProbeContext["requester"], id: number) => Promise<ProbeFinding>,
): Probe {
  return {
    endpoint,
    feature,
    async run({ requester, samples }) {
      if (samples.chargePointId === undefined) return notTried(NO_CHARGE_POINT);
      return read(requester, samples.chargePointId);
    },
  };
}

export const LOCATION_PROBES: Probe[] = [
  {
    endpoint: "locations.list",
    feature: "own locations on the map and session places",
    async run({ platform, samples }) {
      const own = await platform.locations.listOwnLocations(100);
      samples.locationId = own[0]?.id;
      return found(
        own.length === 0
          ? "lists no own location yet: the map shows none"
          : `lists own locations (first: ${own[0]!.id})`,
      );
    },
  },
  {
    endpoint: "locations.get",
    feature: "a location's details on the map",
    async run({ platform, samples }) {
      if (samples.locationId === undefined) return notTried("the platform has no own location to read");
      const location = await platform.locations.getLocation(samples.locationId);
      if (!location) return problem("warning", `location ${samples.locationId} was listed but reads 404`);
      return found(`reads location ${location.id} with ${location.evses.length} EVSE(s)`);
    },
  },
  {
    endpoint: "chargePoints.list",
    feature: "the EVSEs of each own location",
    async run({ requester, samples }) {
      const query = { cursor: "", per_page: 1, "filter[locationId]": samples.locationId };
      const { data } = await requester.request({
        endpoint: "chargePoints.list",
        query,
        schema: ampecoList(AmpecoChargePoint),
      });
      samples.chargePointId = data.data[0]?.id;
      return found(
        samples.chargePointId === undefined
          ? "lists no charge point yet"
          : `lists charge points (first: ${samples.chargePointId})`,
      );
    },
  },
  onSampleChargePoint("chargePoints.get", "the place of each session", async (requester, id) => {
    const { data } = await requester.request({
      endpoint: "chargePoints.get",
      params: { id },
      schema: wireItem(AmpecoChargePoint),
    });
    return found(`reads charge point ${data.data.id} (location ${data.data.locationId ?? "none"})`);
  }),
  onSampleChargePoint("chargePoints.evses", "connectors and power of own locations", async (requester, id) => {
    const { data } = await requester.request({
      endpoint: "chargePoints.evses",
      params: { id },
      query: { cursor: "", per_page: 100, "include[]": "connectors" },
      schema: ampecoList(AmpecoEvse),
    });
    const withConnectors = data.data.filter((evse) => (evse.connectors ?? []).length > 0).length;
    return withConnectors < data.data.length
      ? problem(
          "warning",
          `${data.data.length - withConnectors} EVSE(s) came without connectors: power per plug unknown`,
        )
      : found(`lists ${data.data.length} EVSE(s) with their connectors`);
  }),
];
