import "server-only";

/** What other features may use of sessions: the rest of the folder is its own. */
export { sessionCsvChunks, sessionCsvWords } from "./csv";
export type { PlaceLabel, PlaceSource } from "./csv";
export { defaultSessionDeps, logSessionError } from "./deps";
export type { SessionDeps } from "./deps";
export type { SessionDurationWords } from "./display";
export { sessionCurrency, sessionDurationLabel, sessionStartLabel, sessionStopLabel } from "./display";
export { hasRangeFilter, parseSessionFilter, plausibleDate, rangeToInstants } from "./filters";
export type { SessionRangeFilter } from "./filters";
export { placesOfSessions, SessionPlaces } from "./places";
export type { PagePlaces } from "./places";
export { rememberSessionOwnership } from "./ownership";
export {
  getOwnedSession,
  getSessionLocation,
  getSessionsAtAGlance,
  iterateDriverSessionPages,
  RECENT_SESSIONS_SHOWN,
} from "./service";
export type { SessionsAtAGlance, SessionsOverview } from "./service";
export { sessionStartMs, sessionStopMs } from "./session-time";
