import "server-only";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

type Piece = string | Uint8Array;

/** One file of a ZIP download: its path inside the archive and its text or bytes, whole or piece by piece. */
export interface ZipEntry {
  name: string;
  content: Piece | AsyncIterable<Piece>;
  /** Kept as is rather than compressed: for content that is compressed already (PDFs). */
  stored?: boolean;
}

async function* piecesOf(content: ZipEntry["content"]): AsyncGenerator<Piece> {
  if (typeof content === "string" || content instanceof Uint8Array) yield content;
  else yield* content;
}

/** A ZIP compressed as entries come (fflate), for pulledStream(): no file sits in memory whole. */
export async function* zipChunks(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else ready.push(data);
  });
  const encoder = new TextEncoder();
  const drain = function* () {
    if (failure) throw failure;
    yield* ready.splice(0);
  };
  for await (const entry of entries) {
    const file = entry.stored ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    for await (const piece of piecesOf(entry.content)) {
      if (piece.length > 0) file.push(typeof piece === "string" ? encoder.encode(piece) : piece);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}
