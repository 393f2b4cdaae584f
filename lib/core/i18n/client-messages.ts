import "server-only";
import type { Messages } from "./catalogues";
import { CLIENT_NAMESPACES, type Audience } from "./client-namespaces";

export { CLIENT_NAMESPACES, type Audience };

// One object per catalogue and audience for the process: the namespaces are the catalogue's own objects,
// so React's RSC serialiser writes a namespace an outer provider already sent as a reference.
const picked = new WeakMap<Messages, Map<Audience, Partial<Messages>>>();

export function clientMessages(messages: Messages, audience: Audience): Partial<Messages> {
  let byAudience = picked.get(messages);
  if (!byAudience) picked.set(messages, (byAudience = new Map()));
  let subset = byAudience.get(audience);
  if (!subset) {
    subset = Object.fromEntries(CLIENT_NAMESPACES[audience].map((namespace) => [namespace, messages[namespace]]));
    byAudience.set(audience, subset);
  }
  return subset;
}
