import "server-only";
import { PORTAL_NAME } from "@/lib/brand";
import type { ChargingSession } from "@/lib/platform/types";
import type { PlaceSource } from "@/lib/sessions/csv";
import { sessionStartLabel } from "@/lib/sessions/display";
import type { PackDriver } from "./pack-driver";
import type { PackLedger, SetAsideSession } from "./ledger";
import { formatPackAmount, formatPackEnergy, toPackLine, type PackLine } from "./pack-line";
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
} from "./pdf-document";

/**
 * summary.pdf: who and which period, the totals per currency, then one row per finished session
 * (newest first, as the platform lists them) and, apart and not counted, the running and failed
 * ones. The totals come from a first read (`ledger`); the rows are drawn from a second read page by
 * page, and each platform page's finished PDF pages are handed on before the next is fetched.
 */

export interface SummaryInput {
  driver: PackDriver;
  periodText: string;
  issuedOn: string;
  /** Complete: filled by the first read over the same sessions. */
  ledger: PackLedger;
  pages: AsyncIterable<readonly ChargingSession[]>;
  places: PlaceSource;
}

const COLUMNS = [
  { title: "Started (local time)", width: 104, align: "left" },
  { title: "Location", width: 209, align: "left" },
  { title: "Energy", width: 82, align: "right" },
  { title: "Amount", width: 88, align: "right" },
] as const;
const CELL_PAD = 4;

class SummaryWriter {
  private page = 1;
  y: number;

  constructor(
    private readonly doc: Pdf,
    private readonly footer: string,
  ) {
    this.y = PAGE.margin;
    drawFooter(doc, footer, "Page 1");
  }

  /** A new page when `height` does not fit below `y`; returns true when one was started. */
  ensureRoom(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.doc.addPage();
    this.page += 1;
    drawFooter(this.doc, this.footer, `Page ${this.page}`);
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

  tableHeader(titles: readonly string[] = COLUMNS.map((c) => c.title)): void {
    this.ensureRoom(40);
    this.doc.rect(PAGE.margin, this.y, CONTENT_WIDTH, 18).fill(SHADE);
    let x = PAGE.margin;
    this.doc.font("Helvetica-Bold").fontSize(9).fillColor(INK);
    titles.forEach((title, i) => {
      const column = COLUMNS[i]!;
      this.doc.text(title, x + CELL_PAD, this.y + 5, { width: column.width - 2 * CELL_PAD, align: column.align });
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

function sessionCells(line: PackLine): ReadonlyArray<readonly [string, string | null]> {
  return [
    [line.started, `Session ${line.id}`],
    [line.place?.name ?? "Location not known", line.place?.address ?? null],
    [line.energy, null],
    [line.amount, null],
  ];
}

function drawOpening(doc: Pdf, writer: SummaryWriter, input: SummaryInput): void {
  const { driver, ledger } = input;
  let y = drawLetterhead(doc, "Charging expenses", input.periodText);
  const half = CONTENT_WIDTH / 2;
  const left = drawFields(
    doc,
    [
      ["Driver", driver.name],
      ["Address", driver.addressLines.join("\n") || null],
      ["E-mail", driver.email],
      ["Customer number", String(driver.customerNumber)],
    ],
    PAGE.margin,
    y,
    half - 12,
    95,
  );
  const right = drawFields(
    doc,
    [
      ["Period", input.periodText],
      ["Issued", input.issuedOn],
      ["Sessions claimed", String(ledger.claimedSessions)],
      ["Receipts", "One per session, in receipts/"],
    ],
    PAGE.margin + half + 12,
    y,
    half - 12,
    95,
  );
  y = Math.max(left, right) + 14;
  writer.y = y;

  writer.heading("Totals");
  writer.tableHeader(["Currency", "Sessions", "Energy", "Amount"]);
  for (const total of ledger.currencyTotals()) {
    writer.row(
      [
        [total.currency || "Not stated", null],
        [String(total.sessions), null],
        [formatPackEnergy(total.wh), null],
        [formatPackAmount(total.cents, total.currency), null],
      ],
      ["Currency", "Sessions", "Energy", "Amount"],
    );
  }
  writer.y += 18;
  writer.heading("Finished sessions, newest first");
  writer.tableHeader();
}

function setAsideText(session: SetAsideSession): string {
  return `Session ${session.id}, started ${sessionStartLabel(session)}`;
}

function drawSetAside(writer: SummaryWriter, ledger: PackLedger): void {
  for (const kind of ["running", "failed"] as const) {
    const sessions = ledger.setAside.filter((s) => s.kind === kind);
    if (sessions.length === 0) continue;
    writer.y += 12;
    writer.heading(kind === "running" ? "Still running (not counted)" : "Failed (not counted)");
    for (const session of sessions) writer.paragraph(setAsideText(session), 9);
  }
  if (ledger.setAsideNotListed > 0)
    writer.paragraph(`${ledger.setAsideNotListed} more running or failed sessions are not listed.`, 9, MUTED);
}

export async function* summaryPdf(input: SummaryInput): AsyncGenerator<Uint8Array, void, undefined> {
  const doc = createPdf("Charging expenses", `Charging expenses of ${input.driver.name}, ${input.periodText}`);
  const output = new PdfOutput(doc);
  const writer = new SummaryWriter(doc, `${PORTAL_NAME} · charging expenses · ${input.periodText}`);
  drawOpening(doc, writer, input);
  const currencyOf = (session: ChargingSession) => input.ledger.currencyOf(session);
  for await (const page of input.pages) {
    await input.places.learn(page);
    for (const session of page) {
      // The ledger's rule: a session that finished after the pack's moment is not claimed.
      if (!input.ledger.isClaimed(session)) continue;
      writer.row(sessionCells(toPackLine(session, currencyOf(session), input.places.label(session.locationId))));
    }
    yield* await output.take();
  }
  drawSetAside(writer, input.ledger);
  writer.y += 12;
  writer.paragraph(
    "Amounts are as the charging service charged them to the driver's account; energy is to the Wh. " +
      "Times are the charge point's local time. Running and failed sessions are listed apart and not counted.",
    8,
    MUTED,
  );
  yield* await output.finish();
}
