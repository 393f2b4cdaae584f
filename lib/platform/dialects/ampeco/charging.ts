import "server-only";
import type { ChargingApi } from "../../apis";
import { readOne } from "../../reads";
import {
  START_REFUSAL_CODES,
  type ChargePointEvse,
  type ChargingTariff,
  type PaymentMethod,
  type StartRefusalCode,
} from "../../types";
import { z } from "zod";
import { WireId, wireItem } from "../../wire";
import type { AmpecoRequester } from "./endpoints";
import { toAmpecoEvse, toAmpecoLocation } from "./locations";
import { collectCursorPages } from "./paging";
import {
  AmpecoChargePoint,
  AmpecoEvse,
  AmpecoLocation,
  AmpecoPaymentMethod,
  AmpecoReceiptTax,
  AmpecoSessionBill,
  AmpecoStartAnswer,
  AmpecoTariff,
  ampecoList,
} from "./schemas";

const EvseListResponse = ampecoList(AmpecoEvse);
const ChargePointResponse = wireItem(AmpecoChargePoint);
const LocationResponse = wireItem(AmpecoLocation);
const TariffListResponse = ampecoList(AmpecoTariff);
const PaymentMethodListResponse = ampecoList(AmpecoPaymentMethod);
const SessionBillResponse = wireItem(AmpecoSessionBill);
const ReceiptTaxList = ampecoList(AmpecoReceiptTax);
const DefaultTaxSettings = z.object({ data: z.object({ defaultTax: z.object({ id: WireId }).nullish() }) });

const isStartRefusalCode = (code: string | null | undefined): code is StartRefusalCode =>
  (START_REFUSAL_CODES as readonly (string | null | undefined)[]).includes(code);

export function toPaymentMethod(wire: AmpecoPaymentMethod): PaymentMethod {
  const kind = wire.id === null || wire.type === "balance" ? "balance" : wire.type === "tokenized" ? "card" : "other";
  const { expireYear: year, expireMonth: month } = wire;
  return {
    id: wire.id,
    kind,
    name: wire.name,
    issuer: wire.issuer ?? null,
    isDefault: wire.default,
    expires: typeof year === "number" && typeof month === "number" ? { year, month } : null,
  };
}

function toChargePointEvse(wire: AmpecoEvse, chargePointId: number): ChargePointEvse {
  const { status, connectors } = toAmpecoEvse(wire);
  const currentType = wire.currentType === "ac" || wire.currentType === "dc" ? wire.currentType : null;
  return {
    id: wire.id,
    chargePointId: wire.chargePointId ?? chargePointId,
    physicalReference: wire.physicalReference ?? null,
    status,
    currentType,
    tariffGroupId: wire.tariffGroupId ?? null,
    connectors,
  };
}

export function toChargingTariff(wire: AmpecoTariff): ChargingTariff {
  const p = wire.pricing;
  return {
    id: wire.id,
    name: wire.name ?? null,
    type: wire.type,
    currency: wire.currency ?? null,
    taxId: wire.taxID ?? null,
    prices: {
      perSession: p?.pricePerSession ?? null,
      connectionFee: p?.connectionFee ?? null,
      perKwh: p?.pricePerKwh ?? null,
      periodMinutes: p?.pricePeriodInMinutes ?? null,
      perPeriod: p?.pricePerPeriod ?? null,
      timeFeeAfterMinutes: p?.durationFeeGracePeriod ?? null,
      timeFeeLimit: p?.durationFeeLimit ?? null,
      idleFeePerMinute: p?.idleFeePerMinute ?? null,
      idleFeeAfterMinutes: p?.idleFeeGracePeriodMinutes ?? null,
      idleFeeLimit: p?.idleFeeLimit ?? null,
    },
  };
}

/**
 * A QR code's EVSE by `filter[physicalReference]` (EVSEs v2.1), then its charge point, the charge point's EVSEs and
 * its location together; the tariff by `filter[tariffGroupId]` and `filter[userId]`, as the platform applies it.
 */
export function createAmpecoChargingApi(requester: AmpecoRequester): ChargingApi {
  return {
    async findChargePoint(physicalReference) {
      const [found] = await collectCursorPages(
        requester,
        {
          endpoint: "evses.list",
          query: { "filter[physicalReference]": physicalReference },
          schema: EvseListResponse,
        },
        (evse) => evse,
        1,
      );
      // The filter is exact on the platform; checked here too, so a looser one never shows another charge point.
      if (!found || found.physicalReference !== physicalReference || found.chargePointId == null) return null;
      const chargePointId = found.chargePointId;
      const [chargePoint, evses] = await Promise.all([
        readOne(
          requester,
          { endpoint: "chargePoints.get", id: chargePointId, schema: ChargePointResponse },
          (cp) => cp,
        ),
        collectCursorPages(
          requester,
          {
            endpoint: "chargePoints.evses",
            params: { id: chargePointId },
            query: { "include[]": "connectors" },
            schema: EvseListResponse,
          },
          (evse) => toChargePointEvse(evse, chargePointId),
        ),
      ]);
      if (!chargePoint) return null;
      const location =
        chargePoint.locationId == null
          ? null
          : await readOne(
              requester,
              { endpoint: "locations.get", id: chargePoint.locationId, schema: LocationResponse },
              (wire) => toAmpecoLocation(wire),
            );
      return { id: chargePoint.id, name: chargePoint.name ?? null, location, evses };
    },

    async tariffFor(tariffGroupId, userId) {
      const { data } = await requester.request({
        endpoint: "tariffs.list",
        query: { "filter[tariffGroupId]": tariffGroupId, "filter[userId]": userId ?? "" },
        schema: TariffListResponse,
      });
      const [tariff] = data.data;
      return tariff ? toChargingTariff(tariff) : null;
    },

    async taxPercent(taxId) {
      const id =
        taxId ??
        (await requester.request({ endpoint: "settings.get", schema: DefaultTaxSettings })).data.data.defaultTax?.id;
      if (id === undefined || id === null) return null;
      const { data } = await requester.request({
        endpoint: "receipts.list",
        query: { "filter[taxId]": id, per_page: 1 },
        schema: ReceiptTaxList,
      });
      const tax = data.data[0]?.tax;
      return tax && tax.taxId === id && typeof tax.taxPercentage === "number" ? tax.taxPercentage : null;
    },

    /**
     * Page mode only, as published, and its defaults are page 1 of 100: a driver has a handful, so that is all of them.
     * No `page` is sent, the deprecated parameter everywhere else (the request log's check holds the portal to that).
     */
    async listPaymentMethods(userId) {
      const { data } = await requester.request({
        endpoint: "paymentMethods.list",
        params: { id: userId },
        schema: PaymentMethodListResponse,
      });
      return data.data.filter((method) => !method.removedAt).map(toPaymentMethod);
    },

    /** By the EVSE's id (`actions/evse/v1.0/{evse}/start`); an empty `paymentMethodId` is sent as null: the balance. */
    async startSession(evseId, { userId, paymentMethodId }) {
      const { data } = await requester.request({
        endpoint: "charging.start",
        params: { id: evseId },
        body: { userId, paymentMethodId },
        schema: AmpecoStartAnswer,
      });
      if (data.success && data.sessionId !== null) return { started: true, sessionId: String(data.sessionId) };
      return { started: false, code: isStartRefusalCode(data.errorCode) ? data.errorCode : null };
    },

    sessionBill: (sessionId) =>
      readOne(
        requester,
        {
          endpoint: "sessions.get",
          id: sessionId,
          query: { withPriceBreakdown: "true" },
          schema: SessionBillResponse,
        },
        (wire) => ({
          currency: wire.currency ?? null,
          lines: (wire.priceBreakdown ?? []).map((line) => ({
            type: line.type,
            unit: line.unit ?? null,
            quantity: line.quantity,
            unitPrice: { gross: line.pricePerUnit.withTax, net: line.pricePerUnit.withoutTax ?? null },
            price: { gross: line.price.withTax, net: line.price.withoutTax ?? null },
            taxPercent: line.taxPercentage ?? null,
          })),
          total: {
            gross: wire.totalAmount?.withTax ?? wire.amount ?? 0,
            net: wire.totalAmount?.withoutTax ?? null,
          },
          paymentType: wire.paymentType ?? null,
          paymentMethodId: wire.paymentMethodId ?? null,
        }),
      ),

    async stopSession(chargePointId, sessionId, force) {
      await requester.request({
        endpoint: "charging.stop",
        params: { id: chargePointId, session: sessionId },
        body: { force },
      });
    },
  };
}
