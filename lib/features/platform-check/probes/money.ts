import "server-only";
import { found, notTried, problem, refusedWrite, type Probe } from "../probe";

/**
 * The ledger, invoices and billing details (ampeco). A first reading of each call through the client; the rows of
 * issue 34's other half (`filter[userId]` honoured, the PDF link, the invoice manager) replace these.
 */
const DAY = 86_400_000;
const NO_USER = "the platform has no user to try it on";

export const MONEY_PROBES: Probe[] = [
  {
    endpoint: "transactions.list",
    feature: "the payments ledger and its CSV",
    async run({ platform, samples, target }) {
      if (samples.userId === undefined || !platform.money) return notTried(NO_USER);
      const createdAfter = new Date(target.now() - 90 * DAY).toISOString().replace(/\.\d{3}Z$/, "Z");
      let count = 0;
      for await (const transaction of platform.money.iterateTransactions({ userId: samples.userId, createdAfter })) {
        count += 1;
        samples.transactionId ??= transaction.id;
        if (transaction.invoiceId !== null) samples.invoiceId ??= transaction.invoiceId;
      }
      return found(`lists user ${samples.userId}'s transactions (${count} in 90 days)`);
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
      if (samples.invoiceId === undefined || !platform.money) return notTried("no invoice to read");
      const invoice = await platform.money.getInvoice(samples.invoiceId);
      return invoice
        ? found(`reads invoice ${invoice.id}`)
        : problem("warning", "an invoice a transaction names reads 404");
    },
  },
  {
    endpoint: "invoiceDetails.get",
    feature: "billing details",
    async run({ platform, samples }) {
      if (samples.userId === undefined || !platform.money) return notTried(NO_USER);
      await platform.money.getBillingDetails(samples.userId);
      return found(`reads user ${samples.userId}'s billing details`);
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
