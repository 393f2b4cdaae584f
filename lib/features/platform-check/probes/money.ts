import "server-only";
import { ampecoProbeKit } from "@/lib/platform/client";
import type { PlatformRequester } from "@/lib/platform/request";
import type { Transaction } from "@/lib/platform/types";
import { found, notTried, problem, refusedWrite, type Probe } from "../probe";

/**
 * The ledger, invoices and billing details (ampeco): is `filter[userId]` honoured, an invoice a transaction names, and
 * the tenant's invoice manager. The invoice's PDF is a row of its own (../invoice-pdf-row.ts).
 */
const NO_USER = "the platform has no user to try it on";
const { toTransaction, cursorPages, AmpecoTransaction, ampecoList, instant } = ampecoProbeKit;
const TransactionPage = ampecoList(AmpecoTransaction);
const MANAGER_NAMES = { ampeco: "Ampeco", cardcom: "Cardcom", softone: "SoftOne", ecpay: "Ecpay" } as const;
const DAY = 86_400_000;
/** The ledger's pages read for a sample: the listing's order is undocumented, so the invoiced rows may come late. */
const SAMPLE_PAGES = 5;

/** Transactions of the last 90 days (the ledger's default range) through the client's schema and mapper, until one names an invoice. */
async function sampleTransactions(requester: PlatformRequester, nowMs: number): Promise<Transaction[]> {
  const query = { "filter[createdAfter]": instant(nowMs - 90 * DAY) };
  const call = { endpoint: "transactions.list" as const, query, schema: TransactionPage };
  const seen: Transaction[] = [];
  for await (const page of cursorPages(requester, call, 100, SAMPLE_PAGES)) {
    seen.push(...page.data.map(toTransaction));
    if (seen.some((t) => t.invoiceId !== null && t.userId !== null) && seen.some((t) => t.receiptId !== null)) break;
  }
  return seen;
}

/** One page of a user's transactions, as the ledger asks for them. */
async function pageOfUser(requester: PlatformRequester, userId: number): Promise<Transaction[]> {
  const query = { cursor: "", per_page: 100, "filter[userId]": userId };
  const { data } = await requester.request({ endpoint: "transactions.list", query, schema: TransactionPage });
  return data.data.map(toTransaction);
}

export const MONEY_PROBES: Probe[] = [
  {
    endpoint: "transactions.list",
    feature: "the payments page",
    // The portal reads a driver's ledger by filter[userId] and drops other users' rows itself: a tenant ignoring the
    // filter is slow, not wrong, so it is a warning.
    async run({ requester, samples, target }) {
      const seen = await sampleTransactions(requester, target.now());
      const invoiced = seen.find((t) => t.invoiceId !== null && t.userId !== null);
      samples.transactionId = seen[0]?.id;
      samples.invoiceId = invoiced?.invoiceId ?? undefined;
      samples.receiptId = seen.find((t) => t.receiptId !== null)?.receiptId ?? undefined;
      const userId = (invoiced ?? seen.find((t) => t.userId !== null))?.userId ?? undefined;
      samples.ledgerUserId = userId;
      if (userId === undefined) return notTried("no transaction in 90 days to try filter[userId] on");
      const filtered = await pageOfUser(requester, userId);
      const others = filtered.filter((t) => t.userId !== userId).length;
      return others === 0
        ? found(`filter[userId] honoured (${filtered.length} of user ${userId} on the first page)`)
        : problem(
            "warning",
            `filter[userId] not honoured (${others} rows of other users): the portal drops them itself, so ledgers are right but read the whole history. Ask AMPECO.`,
          );
    },
  },
  {
    endpoint: "transactions.get",
    feature: "a ledger line's details",
    async run({ platform, samples }) {
      if (samples.transactionId === undefined || !platform.money) return notTried("no transaction to read");
      const transaction = await platform.money.getTransaction(samples.transactionId);
      return transaction
        ? found(`reads transaction ${transaction.id}`)
        : problem("warning", "a listed transaction reads 404");
    },
  },
  {
    endpoint: "invoices.get",
    feature: "invoice downloads",
    async run({ platform, samples }) {
      if (samples.invoiceId === undefined || !platform.money) return notTried("no transaction names an invoice");
      const invoice = await platform.money.getInvoice(samples.invoiceId);
      if (!invoice) return problem("warning", `invoice ${samples.invoiceId}, named by a transaction, answers 404`);
      samples.invoice = invoice;
      const owner = invoice.userId === null ? "no userId (matched through its transaction)" : "with its userId";
      return found(`invoice ${invoice.id} read, ${owner}`);
    },
  },
  {
    endpoint: "receipts.get",
    feature: "the charging service's receipt on a session's page",
    async run({ platform, samples }) {
      if (samples.receiptId === undefined || !platform.money) return notTried("no transaction names a receipt");
      const receipt = await platform.money.getReceipt(samples.receiptId);
      if (!receipt) return problem("warning", `receipt ${samples.receiptId}, named by a transaction, answers 404`);
      return receipt.downloadUrl
        ? found(`receipt ${receipt.number} read, with its download link`)
        : problem("warning", `receipt ${receipt.number} has no downloadUrl: sessions show no link to it`);
    },
  },
  {
    endpoint: "invoiceDetails.get",
    feature: "billing details",
    async run({ platform, samples }) {
      const userId = samples.ledgerUserId ?? samples.userId;
      if (userId === undefined || !platform.money) return notTried(NO_USER);
      const { manager } = await platform.money.getBillingDetails(userId);
      const name = `the tenant's invoice manager is ${MANAGER_NAMES[manager]}`;
      return found(
        manager === "ampeco"
          ? `${name}: drivers and support edit billing details here`
          : `${name}: billing details are shown read-only, changed in the app or by support`,
      );
    },
  },
  {
    endpoint: "invoiceDetails.save",
    feature: "saving billing details",
    async run({ requester, samples }) {
      if (samples.userId === undefined) return notTried(NO_USER);
      return refusedWrite(requester, { endpoint: "invoiceDetails.save", params: { id: samples.userId }, body: {} });
    },
  },
];
