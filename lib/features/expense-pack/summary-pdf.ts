import "server-only";
import { PORTAL_NAME } from "@/lib/core/brand";
import type { ChargingSession } from "@/lib/platform/types";
import type { PlaceSource } from "@/lib/features/sessions";
import { sessionStartLabel } from "@/lib/features/sessions";
import type { PackDriver } from "./pack-driver";
import type { PackLedger, SetAsideSession } from "./ledger";
import { formatPackAmount, formatPackEnergy, toPackLine, type PackLanguage, type PackLine } from "./pack-line";
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  createPdf,
  drawFields,
  drawFooter,
  drawLetterhead,
  INK,
  MUTED,
  PAGE,
  PdfOutput,
  RULE,
  SHADE,
  winAnsi,
  type Pdf,
} from "@/lib/core/pdf-document";

/** summary.pdf: totals from a first read (`ledger`), rows from a second read drawn page by page. */

export interface SummaryInput {
  driver: PackDriver;
  periodText: string;
  issuedOn: string;
  /** Complete: filled by the first read over the same sessions. */
  ledger: PackLedger;
  pages: AsyncIterable<readonly ChargingSession[]>;
  places: PlaceSource;
  /** The request's language: every word and format of the document. */
  language: PackLanguage;
  /** The platform's invoices for the period, each a file of the pack. */
  invoices?: readonly PackInvoice[];
}

/** An invoice as the summary lists it: its number, its day in the pack's language and its file. */
export interface PackInvoice {
  number: string;
  date: string;
  file: string;
  creditNote: boolean;
}

/** The session table's columns; their titles are in `expensePack.summary.columns`. */
const COLUMNS = [
  { key: "started", width: 104, align: "left" },
  { key: "location", width: 209, align: "left" },
  { key: "energy", width: 82, align: "right" },
  { key: "amount", width: 88, align: "right" },
] as const;
const CELL_PAD = 4;

class SummaryWriter {
  private page = 1;
  y: number;
  private readonly sessionTitles: readonly string[];

  constructor(
    private readonly doc: Pdf,
    private readonly footer: string,
    private readonly t: PackLanguage["t"],
  ) {
    this.y = PAGE.margin;
    this.sessionTitles = COLUMNS.map((column) => t(`expensePack.summary.columns.${column.key}`));
    drawFooter(doc, footer, t("expensePack.summary.page", { page: "1" }));
  }

  /** A new page when `height` does not fit below `y`; returns true when one was started. */
  ensureRoom(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.doc.addPage();
    this.page += 1;
    drawFooter(this.doc, this.footer, this.t("expensePack.summary.page", { page: String(this.page) }));
    this.y = PAGE.margin;
    return true;
  }

  heading(text: string): void {
    this.ensureRoom(40);
    this.doc
      .font("Helvetica-Bold")
      .fontSize(13)
      .fillColor(INK)
      .text(winAnsi(text), PAGE.margin, this.y, { width: CONTENT_WIDTH });
    this.y = this.doc.y + 6;
  }

  paragraph(text: string, size = 10, color = INK): void {
    this.doc.font("Helvetica").fontSize(size);
    const height = this.doc.heightOfString(winAnsi(text), { width: CONTENT_WIDTH });
    this.ensureRoom(height);
    this.doc.fillColor(color).text(winAnsi(text), PAGE.margin, this.y, { width: CONTENT_WIDTH });
    this.y += height + 6;
  }

  tableHeader(titles: readonly string[] = this.sessionTitles): void {
    this.ensureRoom(40);
    this.doc.rect(PAGE.margin, this.y, CONTENT_WIDTH, 18).fill(SHADE);
    let x = PAGE.margin;
    this.doc.font("Helvetica-Bold").fontSize(9).fillColor(INK);
    titles.forEach((title, i) => {
      const column = COLUMNS[i]!;
      this.doc.text(winAnsi(title), x + CELL_PAD, this.y + 5, {
        width: column.width - 2 * CELL_PAD,
        align: column.align,
      });
      x += column.width;
    });
    this.y += 22;
  }

  /** One row; cells are [main, muted second line]. A row that does not fit starts a page with the header again. */
  row(cells: ReadonlyArray<readonly [string, string | null]>, header?: readonly string[]): void {
    const heights = cells.map(([main, sub], i) => {
      const width = COLUMNS[i]!.width - 2 * CELL_PAD;
      this.doc.font("Helvetica").fontSize(9);
      let height = this.doc.heightOfString(winAnsi(main), { width });
      if (sub) height += this.doc.fontSize(8).heightOfString(winAnsi(sub), { width });
      return height;
    });
    const height = Math.max(...heights) + 8;
    if (this.ensureRoom(height)) this.tableHeader(header);
    let x = PAGE.margin;
    cells.forEach(([main, sub], i) => {
      const column = COLUMNS[i]!;
      const width = column.width - 2 * CELL_PAD;
      this.doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor(INK)
        .text(winAnsi(main), x + CELL_PAD, this.y + 4, { width, align: column.align });
      if (sub) {
        this.doc
          .fontSize(8)
          .fillColor(MUTED)
          .text(winAnsi(sub), x + CELL_PAD, this.doc.y, { width, align: column.align });
      }
      x += column.width;
    });
    this.y += height;
    this.doc
      .moveTo(PAGE.margin, this.y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, this.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
}

function sessionCells(line: PackLine, t: PackLanguage["t"]): ReadonlyArray<readonly [string, string | null]> {
  return [
    [line.started, t("expensePack.summary.session", { id: String(line.id) })],
    // An untold place is a dash; the closing says once why (issue 36), rather than every row.
    [line.place?.name ?? "—", line.place?.address ?? null],
    [line.energy, null],
    [line.amount, null],
  ];
}

function drawOpening(doc: Pdf, writer: SummaryWriter, input: SummaryInput): void {
  const { driver, ledger, language } = input;
  const { t } = language;
  let y = drawLetterhead(doc, t("expensePack.summary.title"), input.periodText);
  const half = CONTENT_WIDTH / 2;
  const left = drawFields(
    doc,
    [
      [t("expensePack.summary.fields.driver"), driver.name],
      [t("expensePack.summary.fields.address"), driver.addressLines.join("\n") || null],
      [t("expensePack.summary.fields.email"), driver.email],
      [t("expensePack.summary.fields.customerNumber"), String(driver.customerNumber)],
    ],
    PAGE.margin,
    y,
    half - 12,
    95,
  );
  const right = drawFields(
    doc,
    [
      [t("expensePack.summary.fields.period"), input.periodText],
      [t("expensePack.summary.fields.issued"), input.issuedOn],
      [t("expensePack.summary.fields.claimed"), String(ledger.claimedSessions)],
      [t("expensePack.summary.fields.receipts"), t("expensePack.summary.fields.receiptsValue")],
    ],
    PAGE.margin + half + 12,
    y,
    half - 12,
    95,
  );
  y = Math.max(left, right) + 14;
  writer.y = y;

  writer.heading(t("expensePack.summary.totals"));
  const totalsTitles = [
    t("expensePack.summary.totalsColumns.currency"),
    t("expensePack.summary.totalsColumns.sessions"),
    t("expensePack.summary.totalsColumns.energy"),
    t("expensePack.summary.totalsColumns.amount"),
  ];
  writer.tableHeader(totalsTitles);
  for (const total of ledger.currencyTotals()) {
    writer.row(
      [
        [total.currency || t("expensePack.summary.notStated"), null],
        [String(total.sessions), null],
        [formatPackEnergy(total.wh, language.locale), null],
        [formatPackAmount(total.cents, total.currency, language), null],
      ],
      totalsTitles,
    );
  }
  writer.y += 18;
  writer.heading(t("expensePack.summary.finishedHeading"));
  writer.tableHeader();
}

function setAsideText(session: SetAsideSession, { t, locale }: PackLanguage): string {
  return t("expensePack.summary.setAside", { id: String(session.id), start: sessionStartLabel(session, locale) });
}

function drawSetAside(writer: SummaryWriter, ledger: PackLedger, language: PackLanguage): void {
  const { t } = language;
  for (const kind of ["running", "failed"] as const) {
    const sessions = ledger.setAside.filter((s) => s.kind === kind);
    if (sessions.length === 0) continue;
    writer.y += 12;
    writer.heading(
      kind === "running" ? t("expensePack.summary.runningHeading") : t("expensePack.summary.failedHeading"),
    );
    for (const session of sessions) writer.paragraph(setAsideText(session, language), 9);
  }
  if (ledger.setAsideNotListed > 0)
    writer.paragraph(t("expensePack.summary.notListed", { count: ledger.setAsideNotListed }), 9, MUTED);
}

function drawInvoices(writer: SummaryWriter, invoices: readonly PackInvoice[], { t }: PackLanguage): void {
  if (invoices.length === 0) return;
  writer.y += 12;
  writer.heading(t("expensePack.summary.invoicesHeading"));
  for (const invoice of invoices) {
    const values = { number: invoice.number, date: invoice.date, file: invoice.file };
    const line = invoice.creditNote
      ? t("expensePack.summary.creditNoteLine", values)
      : t("expensePack.summary.invoiceLine", values);
    writer.paragraph(line, 9);
  }
}

export async function* summaryPdf(input: SummaryInput): AsyncGenerator<Uint8Array, void, undefined> {
  const { language } = input;
  const { t } = language;
  const doc = createPdf(
    t("expensePack.summary.title"),
    t("expensePack.summary.subject", { name: input.driver.name, period: input.periodText }),
    language.locale,
  );
  const output = new PdfOutput(doc);
  const writer = new SummaryWriter(
    doc,
    t("expensePack.summary.footer", { portal: PORTAL_NAME, period: input.periodText }),
    t,
  );
  drawOpening(doc, writer, input);
  const currencyOf = (session: ChargingSession) => input.ledger.currencyOf(session);
  let placesUntold = 0;
  for await (const page of input.pages) {
    await input.places.learn(page);
    for (const session of page) {
      // The ledger's rule: a session that finished after the pack's moment is not claimed.
      if (!input.ledger.isClaimed(session)) continue;
      const line = toPackLine(session, currencyOf(session), input.places.label(session.locationId), language);
      if (line.place === null) placesUntold += 1;
      writer.row(sessionCells(line, t));
    }
    yield* await output.take();
  }
  drawSetAside(writer, input.ledger, language);
  drawInvoices(writer, input.invoices ?? [], language);
  writer.y += 12;
  writer.paragraph(t("expensePack.summary.closing"), 8, MUTED);
  if (placesUntold > 0) writer.paragraph(t("expensePack.summary.placesNotTold", { count: placesUntold }), 8, MUTED);
  yield* await output.finish();
}
