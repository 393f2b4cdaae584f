import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/core/i18n/translator";
import {
  csvCell,
  csvLine,
  SESSION_CSV_COLUMNS,
  sessionCsvChunks,
  sessionCsvFilename,
  sessionCsvHeader,
  sessionCsvRow,
  sessionCsvRows,
  sessionCsvWords,
} from "@/lib/features/sessions/csv";
import { running, session } from "./fixtures";

const words = sessionCsvWords(translatorFor("en"));

/** A small RFC 4180 reader, so tests check what a spreadsheet would read, not our own string. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe("csv cells", () => {
  it("quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\r\nlf")).toBe('"cr\r\nlf"');
    expect(csvCell(" padded ")).toBe('" padded "');
    expect(parseCsv(csvLine(["a,b", 'say "hi"', "two\nlines"]))).toEqual([["a,b", 'say "hi"', "two\nlines"]]);
  });

  it("guards text that a spreadsheet would run as a formula", () => {
    for (const dangerous of ["=SUM(A1:A9)", "+31 20 123", "-2+3", "@cmd", "\tx", "\rx"]) {
      const written = parseCsv(csvLine([dangerous]))[0]![0]!;
      expect(written, dangerous).toBe(`'${dangerous}`);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("safe=text")).toBe("safe=text");
  });

  it("guards a formula behind leading spaces, line breaks and control characters (issue 22)", () => {
    const dangerous = [
      " =SUM(A1:A9)",
      "   +1",
      "\n-2+3",
      "\r\n@cmd",
      "\t=1",
      " \t\r\n=1",
      "\u00a0=1",
      "\u3000=1",
      "\u0000=1",
      "\u001b+1",
      "\u0085-1",
      "\uff1dSUM(A1)",
      " \uff0b1",
      "\u0001plain",
    ];
    for (const value of dangerous) expect(parseCsv(csvLine([value]))[0]![0], JSON.stringify(value)).toBe(`'${value}`);
    for (const value of ["safe=text", " padded ", "a -b", "Main St. 1 - 3", "2026-11-21T10:00:00Z"])
      expect(parseCsv(csvLine([value]))[0]![0], JSON.stringify(value)).toBe(value);
  });

  it("writes numbers as they are and empties for missing values", () => {
    expect(csvCell(-1.5)).toBe("-1.5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
  });
});

describe("session rows", () => {
  it("starts with the header row", () => {
    expect(sessionCsvHeader(words)).toBe(`${SESSION_CSV_COLUMNS.join(",")}\r\n`);
    expect(SESSION_CSV_COLUMNS).toEqual(
      expect.arrayContaining(["session_id", "started_at_local", "energy_kwh", "amount", "currency", "status"]),
    );
  });

  it("names the columns and the status in the driver's language, the figures as they are", () => {
    const dutch = sessionCsvWords(translatorFor("nl"));
    const german = sessionCsvWords(translatorFor("de"));
    expect(parseCsv(sessionCsvHeader(dutch))[0]).toEqual([
      "laadsessie_id",
      "gestart_utc",
      "gestart_lokaal",
      "gestopt_utc",
      "gestopt_lokaal",
      "duur_minuten",
      "energie_kwh",
      "bedrag",
      "valuta",
      "status",
      "locatie_id",
      "locatie_naam",
      "locatie_adres",
      "evse_id",
    ]);
    expect(parseCsv(sessionCsvHeader(german))[0]).toHaveLength(SESSION_CSV_COLUMNS.length);
    const [english] = parseCsv(sessionCsvRow(session(), "EUR", words));
    const [nl] = parseCsv(sessionCsvRow(session(), "EUR", dutch));
    const [de] = parseCsv(sessionCsvRow(running(), "EUR", german));
    expect(nl![9]).toBe("afgerond");
    expect(de![9]).toBe("lädt");
    // Only the status is words: every other cell is the same in every language.
    expect(nl!.filter((_, i) => i !== 9)).toEqual(english!.filter((_, i) => i !== 9));
  });

  it("writes ISO times, minutes, kWh with a dot decimal and the amount with cents", () => {
    const [row] = parseCsv(sessionCsvRow(session(), "EUR", words));
    const byColumn = Object.fromEntries(SESSION_CSV_COLUMNS.map((c, i) => [c, row![i]]));
    expect(byColumn).toEqual({
      session_id: "70001",
      started_at_utc: "2026-03-14T17:02:11Z",
      started_at_local: "2026-03-14T18:02:11+01:00",
      stopped_at_utc: "2026-03-14T18:47:41Z",
      stopped_at_local: "2026-03-14T19:47:41+01:00",
      duration_minutes: "106",
      energy_kwh: "12.345",
      amount: "4.81",
      currency: "EUR",
      status: "finished",
      location_id: "501",
      location_name: "",
      location_address: "",
      evse_id: "50102",
    });
  });

  it("names the location and its address where the walk could read them", () => {
    const places = (id: number | null) =>
      id === 501 ? { name: "Westerpark, Hub", address: "=Haarlemmerweg 8, Amsterdam" } : null;
    const [known] = parseCsv(sessionCsvRow(session(), "EUR", words, places));
    const [unknown] = parseCsv(sessionCsvRow(session({ locationId: 502 }), "EUR", words, places));
    const column = (row: string[] | undefined, name: string) => row![SESSION_CSV_COLUMNS.indexOf(name as never)];
    expect(column(known, "location_name")).toBe("Westerpark, Hub");
    // An address is text from the platform: the formula guard applies.
    expect(column(known, "location_address")).toBe("'=Haarlemmerweg 8, Amsterdam");
    expect(column(unknown, "location_name")).toBe("");
    expect(sessionCsvRows([session()], "EUR", words, places)).toBe(sessionCsvRow(session(), "EUR", words, places));
  });

  it("keeps a dot decimal and whole cents whatever the value", () => {
    const [row] = parseCsv(sessionCsvRow(session({ energyWh: 1_234_567, amount: 10 }), "EUR", words));
    expect(row![6]).toBe("1234.567");
    expect(row![7]).toBe("10.00");
    expect(row!.join(",")).not.toMatch(/\d,\d{3}\./);
  });

  it("prefers the UTC times of a detail read and leaves stop and duration empty while running", () => {
    const [row] = parseCsv(sessionCsvRow(running({ startedAt: "2026-03-14T17:02:11Z" }), null, words));
    expect(row![1]).toBe("2026-03-14T17:02:11Z");
    expect(row![3]).toBe("");
    expect(row![4]).toBe("");
    expect(row![5]).toBe("");
    expect(row![8]).toBe(""); // no currency yet
    expect(row![9]).toBe("charging");
  });

  it("formats a page of rows as one string, the same as row by row", () => {
    const page = [session({ id: "1" }), running({ id: "2" }), session({ id: "3", evseId: null })];
    expect(sessionCsvRows(page, "EUR", words)).toBe(page.map((s) => sessionCsvRow(s, "EUR", words)).join(""));
    expect(sessionCsvRows(page, '=cmd"', words)).toBe(page.map((s) => sessionCsvRow(s, '=cmd"', words)).join(""));
    expect(sessionCsvRows([], "EUR", words)).toBe("");
  });

  it("gives one chunk per page, the header joined to the first, and no chunk for an emptied page", async () => {
    async function* pages() {
      yield [session({ id: "1" }), session({ id: "2" })];
      yield [];
      yield [session({ id: "3" })];
    }
    const chunks: string[] = [];
    for await (const chunk of sessionCsvChunks(pages(), "EUR", words)) chunks.push(chunk);
    expect(chunks).toEqual([
      sessionCsvHeader(words) +
        sessionCsvRow(session({ id: "1" }), "EUR", words) +
        sessionCsvRow(session({ id: "2" }), "EUR", words),
      sessionCsvRow(session({ id: "3" }), "EUR", words),
    ]);
    expect(parseCsv(chunks.join("")).map((r) => r[0])).toEqual(["session_id", "1", "2", "3"]);
  });

  it("still gives the header when the first page is empty or there are no pages", async () => {
    async function* emptyFirst() {
      yield [];
      yield [session({ id: "7" })];
    }
    const chunks: string[] = [];
    for await (const chunk of sessionCsvChunks(emptyFirst(), null, words)) chunks.push(chunk);
    expect(chunks).toEqual([sessionCsvHeader(words), sessionCsvRow(session({ id: "7" }), null, words)]);
    const none: string[] = [];
    for await (const chunk of sessionCsvChunks((async function* () {})(), null, words)) none.push(chunk);
    expect(none).toEqual([sessionCsvHeader(words)]);
  });

  it("names the file after the export day", () => {
    expect(sessionCsvFilename("2026-03-14")).toBe("charging-sessions-2026-03-14.csv");
  });
});
