"use client";
import { createContext, useCallback, useContext, useId, useMemo, useState } from "react";

const LastActionContext = createContext<{ last: string | null; claim: (form: string) => void } | null>(null);

/**
 * Around a page of several forms (the cards page): only the form submitted last shows its outcome, so a message
 * belongs to the last action and clears on the next.
 */
export function LastActionScope({ children }: { children: React.ReactNode }) {
  const [last, setLast] = useState<string | null>(null);
  const claim = useCallback((form: string) => setLast(form), []);
  const value = useMemo(() => ({ last, claim }), [last, claim]);
  return <LastActionContext.Provider value={value}>{children}</LastActionContext.Provider>;
}

/**
 * A form's part in its scope: `claim` as its onSubmit, and whether its message is the latest (always, with no scope).
 */
export function useLastAction(): { isLast: boolean; claim: () => void } {
  const form = useId();
  const scope = useContext(LastActionContext);
  return { isLast: scope === null || scope.last === form, claim: () => scope?.claim(form) };
}
