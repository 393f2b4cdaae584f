import "server-only";
import { found, notTried, problem, refusedWrite, type Probe } from "../probe";

/** RFID cards: the contract's tokens, AMPECO's id tags. */
const NO_TAG = "the platform has no card to try it on";
/** A tag the check never names: a status no tenant has. */
const BAD_STATUS = { status: "not-a-status" };

const listing = (endpoint: "tokens.list" | "idTags.list"): Probe => ({
  endpoint,
  feature: "the cards page, adding cards and the staff card search",
  async run({ platform, samples }) {
    const page = await platform.cards.listCards({ perPage: 1 });
    const [card] = page.items;
    samples.tagId = card?.id;
    if (!card) return found("lists cards: none yet");
    // A tenant that keeps UIDs in lower case is read as it is: the portal compares UIDs case-insensitively.
    const lower =
      card.code !== card.code.toUpperCase() ? "; UIDs are kept in lower case, which the portal copes with" : "";
    return found(`lists cards (first: ${card.id})${lower}`);
  },
});

export const CARD_PROBES: Probe[] = [
  listing("tokens.list"),
  listing("idTags.list"),
  {
    endpoint: "idTags.get",
    feature: "live card changes (idTag.changed callbacks)",
    async run({ platform, samples }) {
      if (samples.tagId === undefined) return notTried(NO_TAG);
      const card = await platform.notifications?.cardOfNotification(samples.tagId);
      return card
        ? found(`reads card ${card.id}`)
        : problem("warning", `card ${samples.tagId} was listed but reads 404`);
    },
  },
  {
    endpoint: "tokens.create",
    feature: "adding cards",
    run: ({ requester }) => refusedWrite(requester, { endpoint: "tokens.create", body: {} }),
  },
  {
    endpoint: "idTags.create",
    feature: "adding cards",
    run: ({ requester }) => refusedWrite(requester, { endpoint: "idTags.create", body: {} }),
  },
  ...(["tokens.update", "idTags.update"] as const).map((endpoint): Probe => ({
    endpoint,
    feature: "pausing, blocking, moving and claiming cards",
    async run({ requester, samples }) {
      if (samples.tagId === undefined) return notTried(NO_TAG);
      return refusedWrite(requester, { endpoint, params: { id: samples.tagId }, body: BAD_STATUS });
    },
  })),
];
