import "server-only";
import type { ChargingSession } from "@/lib/platform/types";
import type { PlaceLabel, PlaceSource } from "./csv";
import { defaultSessionDeps, type SessionDeps } from "./deps";
import { getSessionLocation } from "./service";

/** Location reads at once for one page: a page rarely names more than a few new locations. */
const LOOKUP_CONCURRENCY = 4;
/** A driver charges at a handful of places; a history naming more than this starts the cache afresh. */
const MAX_REMEMBERED = 2_000;

/**
 * Locations of a session walk, each read once per walk (not per session). Unknown or failed reads stay unknown for the
 * walk; their columns are empty.
 */
export class SessionPlaces implements PlaceSource {
  private readonly known = new Map<number, PlaceLabel | null>();

  constructor(
    private readonly locale: string,
    private readonly deps: SessionDeps,
  ) {}

  async learn(sessions: readonly ChargingSession[]): Promise<void> {
    const missing = [
      ...new Set(sessions.map((s) => s.locationId).filter((id): id is number => id !== null && !this.known.has(id))),
    ];
    if (this.known.size + missing.length > MAX_REMEMBERED) this.known.clear();
    for (let start = 0; start < missing.length; start += LOOKUP_CONCURRENCY) {
      await Promise.all(missing.slice(start, start + LOOKUP_CONCURRENCY).map((id) => this.read(id)));
    }
  }

  readonly label = (locationId: number | null): PlaceLabel | null =>
    locationId === null ? null : (this.known.get(locationId) ?? null);

  private async read(locationId: number): Promise<void> {
    const state = await getSessionLocation({ locationId }, this.locale, this.deps);
    this.known.set(
      locationId,
      state.kind === "known" ? { name: state.location.name, address: state.location.address } : null,
    );
  }
}

/** The places of one page of sessions: each session's label where the platform told it. */
export interface PagePlaces {
  /** Location id → name and address, for the locations the platform told. */
  labels: Record<number, PlaceLabel>;
  /**
   * The platform told the place of none of these sessions (the contract answers 404 for every location): the page says
   * so once instead of on every row.
   */
  noneTold: boolean;
}

/** Reads the locations one page of sessions names, each once. A failed read only leaves that place untold. */
export async function placesOfSessions(
  sessions: readonly ChargingSession[],
  locale: string,
  deps: SessionDeps = defaultSessionDeps(),
): Promise<PagePlaces> {
  const places = new SessionPlaces(locale, deps);
  await places.learn(sessions);
  const labels: Record<number, PlaceLabel> = {};
  for (const { locationId } of sessions) {
    const label = places.label(locationId);
    if (locationId !== null && label) labels[locationId] = label;
  }
  return { labels, noneTold: sessions.length > 0 && Object.keys(labels).length === 0 };
}
