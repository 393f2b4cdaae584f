import "server-only";
import type { CardsApi } from "../../apis";
import { normaliseCardCode } from "../../card-code";
import { collectItems } from "../../pagination";
import type { ContractRequester } from "./endpoints";
import type { Card, CardFilter } from "../../types";
import { wireItem } from "../../wire";
import { numberedPageN, numberedPages } from "./paging";
import { WireToken, wireList } from "./schemas";

/** RFID cards, which the contract calls tokens. The path is configurable (unconfirmed in the contract). */

const TokenResponse = wireItem(WireToken);
const TokenListResponse = wireList(WireToken);

export function toContractCard(wire: WireToken): Card {
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

function filterQuery(filter: CardFilter) {
  return {
    "filter[userId]": filter.userId,
    "filter[code]": filter.code === undefined ? undefined : normaliseCardCode(filter.code),
    "filter[status]": filter.status,
  };
}

export function createContractCardsApi(requester: ContractRequester): CardsApi {
  return {
    async createCard(input) {
      const body = {
        userId: input.userId,
        code: normaliseCardCode(input.code),
        visualNumber: input.visualNumber,
        type: input.type ?? "rfid",
        // Sent explicitly: the platform's default status is undocumented.
        status: input.status ?? "active",
      };
      const { data } = await requester.request({ endpoint: "tokens.create", body, schema: TokenResponse });
      return toContractCard(data.data);
    },

    listCards: (query = {}) =>
      numberedPageN(
        requester,
        { endpoint: "tokens.list", query: filterQuery(query), schema: TokenListResponse },
        toContractCard,
        query,
      ),

    listAllCards: (filter = {}, options = {}) =>
      collectItems(
        numberedPages(
          requester,
          { endpoint: "tokens.list", query: filterQuery(filter), schema: TokenListResponse },
          options,
        ),
        toContractCard,
      ),

    async updateCardStatus(id, status) {
      const { data } = await requester.request({
        endpoint: "tokens.update",
        params: { id },
        body: { status },
        schema: TokenResponse,
      });
      return toContractCard(data.data);
    },
  };
}
