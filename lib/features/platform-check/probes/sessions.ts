import "server-only";
import { found, notTried, problem, type Probe } from "../probe";

/** Charging sessions: the driver's list, one session, and the running ones. */
export const SESSION_PROBES: Probe[] = [
  {
    endpoint: "sessions.list",
    feature: "charging sessions, the live panel and the exports",
    async run({ platform, samples }) {
      if (samples.userId === undefined) return notTried("the platform has no user whose sessions to list");
      const page = await platform.sessions.listSessions({ userId: samples.userId, perPage: 1 });
      samples.sessionId = page.items[0]?.id;
      // Running sessions come from `filter[status]`: the same listing, asked the way the live panel asks.
      const running = await platform.sessions.listRunningSessions(samples.userId);
      const form =
        samples.sessionId !== undefined && !/^\d+$/.test(samples.sessionId)
          ? "; ids are not digits, which the portal takes"
          : "";
      return found(`lists user ${samples.userId}'s sessions (${running.length} running)${form}`);
    },
  },
  {
    endpoint: "sessions.get",
    feature: "a session's page",
    async run({ platform, samples }) {
      if (samples.sessionId === undefined) return notTried("the user has no session to read");
      const session = await platform.sessions.getSession(samples.sessionId);
      return session ? found(`reads session ${session.id}`) : problem("warning", "a listed session reads 404");
    },
  },
];
