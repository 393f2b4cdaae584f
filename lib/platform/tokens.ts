import "server-only";
import { collectAll, pageQuery, toPage } from "./pagination";
import type { PlatformRequester } from "./request";
import { WireToken, wireItem, wireList } from "./schemas";
import type {
  Card,
  CardFilter,
  CardStatus,
  ClaimCardInput,
  CreateCardInput,
  IterateOptions,
  ListCardsQuery,
  Page,
} from "./types";

/** RFID cards, which the platform calls tokens. The path is configurable (unconfirmed in the spec). */

const TokenResponse = wireItem(WireToken);
const TokenListResponse = wireList(WireToken);

export function toCard(wire: WireToken): Card {
  return {
    id: wire.id,
    userId: wire.userId,
    code: wire.code,
    visualNumber: wire.visualNumber ?? null,
    type: wire.type,
    status: wire.status,
    createdAt: wire.createdAt ?? null,
  };
}

/** The UID as the charge point reads it: uppercase, no spaces. */
export function normaliseCardCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

function filterQuery(filter: CardFilter) {
  return {
    "filter[userId]": filter.userId,
    "filter[code]": filter.code === undefined ? undefined : normaliseCardCode(filter.code),
    "filter[status]": filter.status,
  };
}

export function createCardsApi(requester: PlatformRequester) {
  return {
    /** Links a card to a user. A card already linked elsewhere must first be blocked there. */
    async createCard(input: CreateCardInput): Promise<Card> {
      const body = {
        userId: input.userId,
        code: normaliseCardCode(input.code),
        visualNumber: input.visualNumber,
        type: input.type ?? "rfid",
        // Sent explicitly: the platform's default status is undocumented.
        status: input.status ?? "active",
      };
      const { data } = await requester.request({ endpoint: "tokens.create", body, schema: TokenResponse });
      return toCard(data.data);
    },

    async listCards(query: ListCardsQuery = {}): Promise<Page<Card>> {
      const { data } = await requester.request({
        endpoint: "tokens.list",
        query: { ...filterQuery(query), ...pageQuery(query.page, query.perPage) },
        schema: TokenListResponse,
      });
      return toPage(data, toCard, query);
    },

    /** Every matching card across pages (a driver has few; admin searches stay filtered). */
    async listAllCards(filter: CardFilter = {}, options: IterateOptions = {}): Promise<Card[]> {
      return collectAll(
        requester,
        {
          endpoint: "tokens.list",
          query: { ...filterQuery(filter), ...pageQuery(undefined, options.perPage ?? 100) },
          schema: TokenListResponse,
        },
        toCard,
        options.maxPages,
      );
    },

    /** Sets a card's status, e.g. `blocked` before the card moves to another user. */
    async updateCardStatus(id: number, status: CardStatus): Promise<Card> {
      const { data } = await requester.request({
        endpoint: "tokens.update",
        params: { id },
        body: { status },
        schema: TokenResponse,
      });
      return toCard(data.data);
    },
  };
}

/**
 * The card operations of every dialect. `moveCard` exists where the platform moves a card in one
 * step (ampeco); the contract moves by blocking and creating anew. `claimCard` exists where the
 * platform holds tags without a user (ampeco); the contract has none, so there is nothing to claim.
 */
export type CardsApi = ReturnType<typeof createCardsApi> & {
  moveCard?: (id: number, toUserId: number) => Promise<Card>;
  claimCard?: (id: number, input: ClaimCardInput) => Promise<Card>;
};
