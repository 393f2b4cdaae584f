import "server-only";
import PDFDocument from "pdfkit";
import { PORTAL_NAME } from "@/lib/core/brand";
import { intlLocale } from "@/lib/core/i18n/locales";

/** pdfkit's built-in Helvetica: no font files, every reader has it. Pages are written out as the next starts. */

export type Pdf = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** The lowest y a row may reach; the footer lives below it. */
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin;

export const INK = "#0f172a";
export const MUTED = "#475569";
export const BRAND = "#0b6139";
export const RULE = "#cbd5e1";
export const SHADE = "#f1f5f9";

interface AfmMetrics {
  parse(contents: string): void;
  attributes: object;
  glyphWidths: object;
  boundingBoxes: object;
  kernPairs: object;
}

const parsedMetrics = new Map<string, Pick<AfmMetrics, "attributes" | "glyphWidths" | "boundingBoxes" | "kernPairs">>();
const SHARED = Symbol.for("driver-portal.pdf-font-metrics");

/**
 * pdfkit parses a standard font's metrics file again for each document: 40 % of a receipt's CPU (docs/testing.md).
 * Parsed once per process instead; the tables are only read after parsing.
 */
function shareFontMetrics(doc: Pdf): void {
  const afm = Object.getPrototypeOf((doc as unknown as { _font: { font: AfmMetrics } })._font.font) as AfmMetrics &
    Record<symbol, boolean>;
  if (afm[SHARED]) return;
  afm[SHARED] = true;
  const parse = afm.parse;
  afm.parse = function (this: AfmMetrics, contents: string) {
    let tables = parsedMetrics.get(contents);
    if (!tables) {
      parse.call(this, contents);
      tables = {
        attributes: this.attributes,
        glyphWidths: this.glyphWidths,
        boundingBoxes: this.boundingBoxes,
        kernPairs: this.kernPairs,
      };
      parsedMetrics.set(contents, tables);
    }
    Object.assign(this, tables);
  };
}

/** A new A4 document; `locale` is the language it is written in (its /Lang, for screen readers). */
export function createPdf(title: string, subject: string, locale: string): Pdf {
  const doc = newPdf(title, subject, locale);
  shareFontMetrics(doc);
  return doc;
}

function newPdf(title: string, subject: string, locale: string): Pdf {
  return new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    compress: true,
    lang: intlLocale(locale),
    displayTitle: true,
    info: { Title: winAnsi(title), Subject: winAnsi(subject), Author: PORTAL_NAME, Creator: PORTAL_NAME },
  });
}

/** The characters Helvetica's WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

function encodable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return char === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/** Text Helvetica can print (WinAnsi): missing letters lose their accent, odd spaces become plain, the rest "?". */
export function winAnsi(text: string): string {
  let out = "";
  for (const char of text.replace(/[\u2000-\u200a\u202f\u205f\u3000]/g, " ")) {
    if (encodable(char)) out += char;
    else {
      const base = char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += base.length > 0 && [...base].every(encodable) ? base : "?";
    }
  }
  return out;
}

/** The bytes pdfkit has written so far, taken between platform pages; `finish` ends the document. */
export class PdfOutput {
  private readonly chunks: Uint8Array[] = [];
  private readonly ended: Promise<void>;

  constructor(private readonly doc: Pdf) {
    doc.on("data", (chunk: Uint8Array) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      doc.on("end", resolve);
      doc.on("error", reject);
    });
  }

  /** What is written so far; one tick first, so the stream has emitted everything pushed. */
  async take(): Promise<Uint8Array[]> {
    await new Promise((resolve) => setImmediate(resolve));
    return this.chunks.splice(0);
  }

  async finish(): Promise<Uint8Array[]> {
    this.doc.end();
    await this.ended;
    return this.chunks.splice(0);
  }
}

/** A whole small document (a receipt) as one byte array. */
export async function pdfBytes(doc: Pdf, draw: (doc: Pdf) => void): Promise<Uint8Array> {
  const output = new PdfOutput(doc);
  draw(doc);
  return Buffer.concat(await output.finish());
}

/** The portal's name and the document's title at the top of a first page; returns the y below. */
export function drawLetterhead(doc: Pdf, title: string, subtitle: string): number {
  let y = PAGE.margin;
  doc.font("Helvetica-Bold").fontSize(11).fillColor(BRAND).text(PORTAL_NAME, PAGE.margin, y, { width: CONTENT_WIDTH });
  y += 22;
  doc.font("Helvetica-Bold").fontSize(20).fillColor(INK).text(winAnsi(title), PAGE.margin, y, { width: CONTENT_WIDTH });
  y += 28;
  doc.font("Helvetica").fontSize(11).fillColor(MUTED).text(winAnsi(subtitle), PAGE.margin, y, { width: CONTENT_WIDTH });
  y = doc.y + 10;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(1)
    .strokeColor(BRAND)
    .stroke();
  return y + 16;
}

/**
 * Label/value lines in two columns (a receipt's fields, the driver block); returns the y below.
 * A value may span lines; an empty value is left out.
 */
export function drawFields(
  doc: Pdf,
  fields: ReadonlyArray<readonly [label: string, value: string | null]>,
  x: number,
  y: number,
  width: number,
  labelWidth = 130,
): number {
  for (const [label, value] of fields) {
    if (!value) continue;
    const text = winAnsi(value);
    doc.font("Helvetica").fontSize(10);
    const height = Math.max(14, doc.heightOfString(text, { width: width - labelWidth }));
    doc.fillColor(MUTED).text(winAnsi(label), x, y, { width: labelWidth - 8 });
    doc.fillColor(INK).text(text, x + labelWidth, y, { width: width - labelWidth });
    y += height + 4;
  }
  return y;
}

/**
 * The footer of a page, in the bottom margin. pdfkit starts a new page for text below the margin,
 * so the margin is lifted while the footer is written.
 */
export function drawFooter(doc: Pdf, left: string, right: string): void {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = PAGE.height - PAGE.margin + 18;
  doc.font("Helvetica").fontSize(8).fillColor(MUTED);
  doc.text(winAnsi(left), PAGE.margin, y, { width: CONTENT_WIDTH * 0.75, lineBreak: false });
  doc.text(winAnsi(right), PAGE.margin, y, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
  doc.page.margins.bottom = bottom;
}
