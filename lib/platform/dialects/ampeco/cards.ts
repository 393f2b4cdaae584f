import "server-only";
import type { CardsApi } from "../../apis";
import { normaliseCardCode, sameCardCode } from "../../card-code";
import type { AmpecoRequester } from "./endpoints";
import type { Card, CardFilter, CardStatus } from "../../types";
import { wireItem } from "../../wire";
import { collectCursorPages, cursorPageN } from "./paging";
import { AmpecoIdTag, ampecoList } from "./schemas";

/**
 * RFID cards = id-tags v2.0: `enabled` is active, `disabled` blocked, `suspended` inactive (paused by the owner).
 * A move is one PATCH {userId}, so a card is never on two drivers.
 */
const TagResponse = wireItem(AmpecoIdTag);
const TagListResponse = ampecoList(AmpecoIdTag);

export const TAG_STATUS_OF: Record<CardStatus, "enabled" | "disabled" | "suspended"> = {
  active: "enabled",
  blocked: "disabled",
  inactive: "suspended",
};
const CARD_STATUS_OF: Record<string, CardStatus> = { enabled: "active", disabled: "blocked", suspended: "inactive" };

/** A tag without a user is one provisioned before it is handed out: it is kept, with userId null. */
export function toAmpecoCard(wire: AmpecoIdTag): Card {
  const status = CARD_STATUS_OF[wire.status];
  return {
    id: wire.id,
    userId: wire.userId ?? null,
    code: wire.idTagUid,
    visualNumber: wire.idLabel ?? null,
    // mac_address and emaid tags are not cards in the portal's sense: shown as app tokens.
    type: wire.type === "rfid" || wire.type === undefined || wire.type === null ? "rfid" : "app",
    // An unknown status can be neither used nor trusted: shown as blocked.
    status: status ?? "blocked",
    createdAt: wire.createdAt ?? null,
  };
}

function filterQuery(filter: CardFilter) {
  return {
    "filter[userId]": filter.userId,
    "filter[idTagUid]": filter.code === undefined ? undefined : normaliseCardCode(filter.code),
    "filter[status]": filter.status === undefined ? undefined : TAG_STATUS_OF[filter.status],
  };
}

/**
 * The forms a tenant may keep a UID in: upper case as the portal writes it, and lower case. `filter[idTagUid]` may
 * compare exactly (undocumented), so a look-up asks for each.
 */
function uidForms(code: string): string[] {
  const upper = normaliseCardCode(code);
  const lower = upper.toLowerCase();
  return upper === lower ? [upper] : [upper, lower];
}

export function createAmpecoCardsApi(requester: AmpecoRequester): CardsApi {
  /** Status changes, claims and moves are all one PATCH of the tag's fields. */
  async function patchTag(id: number, body: Record<string, unknown>): Promise<Card> {
    const { data } = await requester.request({ endpoint: "idTags.update", params: { id }, body, schema: TagResponse });
    return toAmpecoCard(data.data);
  }

  return {
    async createCard(input) {
      const body = {
        idTagUid: normaliseCardCode(input.code),
        idLabel: input.visualNumber,
        status: TAG_STATUS_OF[input.status ?? "active"],
        type: "rfid",
        userId: input.userId,
      };
      const { data } = await requester.request({ endpoint: "idTags.create", body, schema: TagResponse });
      return toAmpecoCard(data.data);
    },

    async listCards(query = {}) {
      return cursorPageN(
        requester,
        { endpoint: "idTags.list", query: filterQuery(query), schema: TagListResponse },
        toAmpecoCard,
        query,
      );
    },

    async listAllCards(filter = {}, options = {}) {
      const collect = (query: ReturnType<typeof filterQuery>) =>
        collectCursorPages(
          requester,
          { endpoint: "idTags.list", query, schema: TagListResponse },
          toAmpecoCard,
          options.perPage,
        );
      const { code } = filter;
      if (code === undefined) return collect(filterQuery(filter));
      // Every tag of the code in any case, each once.
      const found = new Map<number, Card>();
      for (const form of uidForms(code)) {
        for (const card of await collect({ ...filterQuery(filter), "filter[idTagUid]": form }))
          if (sameCardCode(card.code, code)) found.set(card.id, card);
      }
      return [...found.values()];
    },

    updateCardStatus: (id, status) => patchTag(id, { status: TAG_STATUS_OF[status] }),

    /**
     * A tag no driver holds yet becomes the driver's with one PATCH on the existing tag: a second
     * create of its UID would be refused (422), and the tag keeps its id for the charge points.
     */
    claimCard: (id, input) =>
      patchTag(id, { userId: input.userId, status: TAG_STATUS_OF[input.status], idLabel: input.visualNumber }),

    /** One PATCH {userId}: the card keeps its id, UID and status and changes owner atomically. */
    moveCard: (id, toUserId) => patchTag(id, { userId: toUserId }),
  };
}
