"use client";
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from "@simplewebauthn/browser";
import { useEffect, useState, useSyncExternalStore } from "react";
import { FormStatus } from "@/components/ui/alert";
import { Button, Spinner } from "@/components/ui/button";
import { signInWithPasskey } from "./passkey-client";

const noSubscription = () => () => undefined;

/**
 * "Sign in with a passkey" next to the e-mail link. Where the browser supports it, the passkeys
 * are also offered in the e-mail field's suggestions (conditional UI); choosing one signs in.
 * A browser without WebAuthn sees a note instead of a button that cannot work.
 */
export function PasskeySignIn({
  callbackUrl,
  label = "Sign in with a passkey",
  autofill = false,
}: {
  callbackUrl?: string;
  label?: string;
  /** Offer passkeys in the page's e-mail field (autocomplete "webauthn"): the sign-in page only. */
  autofill?: boolean;
}) {
  // Unknown (null) while rendered on the server; the browser's answer once hydrated.
  const supported = useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!autofill) return;
    let stopped = false;
    void browserSupportsWebAuthnAutofill().then(async (supportsAutofill) => {
      if (!supportsAutofill || stopped) return;
      const outcome = await signInWithPasskey({ callbackUrl, autofill: true });
      // A closed or replaced suggestion is no error worth showing; a refused passkey is.
      if (outcome.ok) window.location.assign(outcome.value);
      else if (!stopped && !outcome.message.startsWith("The passkey prompt was closed")) setMessage(outcome.message);
    });
    return () => {
      stopped = true;
    };
  }, [callbackUrl, autofill]);

  if (supported === false)
    return <p className="text-sm text-slate-700 dark:text-slate-300">This browser cannot use passkeys here.</p>;

  async function run() {
    setBusy(true);
    setMessage(null);
    const outcome = await signInWithPasskey({ callbackUrl });
    if (outcome.ok) {
      window.location.assign(outcome.value);
      return;
    }
    setBusy(false);
    setMessage(outcome.message);
  }

  return (
    <div className="flex flex-col gap-3">
      <Button
        type="button"
        variant="secondary"
        onClick={run}
        disabled={busy || supported === null}
        aria-disabled={busy}
      >
        {busy ? <Spinner label="Waiting for your passkey…" /> : label}
      </Button>
      <FormStatus tone="error" message={message} />
    </div>
  );
}
