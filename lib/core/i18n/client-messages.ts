import "server-only";
import type { Messages } from "./catalogues";
import type { Namespace } from "./client-namespaces";

// One object per catalogue and list for the process: the namespaces are the catalogue's own objects,
// so React's RSC serialiser writes a namespace an outer provider already sent as a reference.
const picked = new WeakMap<Messages, WeakMap<readonly Namespace[], Partial<Messages>>>();

/** The catalogue's `namespaces`: the caller names them (components/layout/client-namespaces.ts, per audience). */
export function clientMessages(messages: Messages, namespaces: readonly Namespace[]): Partial<Messages> {
  let byList = picked.get(messages);
  if (!byList) picked.set(messages, (byList = new WeakMap()));
  let subset = byList.get(namespaces);
  if (!subset) {
    subset = Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]));
    byList.set(namespaces, subset);
  }
  return subset;
}
