"use client";
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from "@simplewebauthn/browser";
import { useTranslations } from "next-intl";
import { useEffect, useState, useSyncExternalStore } from "react";
import { FormStatus } from "@/components/ui/alert";
import { Button, Spinner } from "@/components/ui/button";
import { signInWithPasskey, type PasskeyFailure } from "./passkey-client";

const noSubscription = () => () => undefined;

/**
 * Passkey sign-in, also offered in the e-mail field's suggestions (conditional UI). Without WebAuthn, a note instead of
 * a button that cannot work.
 */
export function PasskeySignIn({
  callbackUrl,
  label,
  autofill = false,
}: {
  callbackUrl?: string;
  label?: string;
  /** Offer passkeys in the page's e-mail field (autocomplete "webauthn"): the sign-in page only. */
  autofill?: boolean;
}) {
  const t = useTranslations("passkeys");
  // Unknown (null) while rendered on the server; the browser's answer once hydrated.
  const supported = useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PasskeyFailure | null>(null);
  // The quiet offer in the e-mail field: open while the browser may still hand over a picked passkey.
  const [offer, setOffer] = useState<"open" | "closed" | null>(null);

  useEffect(() => {
    if (!autofill) return;
    let stopped = false;
    void browserSupportsWebAuthnAutofill().then(async (supportsAutofill) => {
      if (!supportsAutofill || stopped) return;
      setOffer("open");
      // The suggestion may be picked long after the page loaded: a challenge that expired meanwhile
      // starts a fresh one instead of failing (a few times at most).
      for (let attempt = 0; attempt < 5 && !stopped; attempt++) {
        const outcome = await signInWithPasskey({ callbackUrl, autofill: true });
        if (outcome.ok) {
          window.location.assign(outcome.value);
          return;
        }
        if (outcome.expired) continue;
        // Only a failure after the driver picked a passkey is worth showing: before that they did nothing (the browser
        // closed, replaced or never showed the offer), and the button still works.
        if (!stopped && outcome.answered) setFailure(outcome);
        break;
      }
      if (!stopped) setOffer("closed");
    });
    return () => {
      stopped = true;
    };
  }, [callbackUrl, autofill]);

  if (supported === false)
    return <p className="text-sm text-slate-700 dark:text-slate-300">{t("signIn.unsupported")}</p>;

  async function run() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    const outcome = await signInWithPasskey({ callbackUrl });
    if (outcome.ok) {
      window.location.assign(outcome.value);
      return;
    }
    setBusy(false);
    setFailure(outcome);
  }

  return (
    <div className="flex flex-col gap-3" data-passkey-offer={offer ?? undefined}>
      <Button
        type="button"
        variant="secondary"
        onClick={run}
        // aria-disabled, not disabled: the button keeps the keyboard focus while the device asks.
        aria-disabled={busy || supported === null}
      >
        {busy ? <Spinner label={t("signIn.waiting")} /> : (label ?? t("signIn.button"))}
      </Button>
      <FormStatus tone="error" message={failure ? (failure.message ?? t(`problems.${failure.problem}`)) : null} />
    </div>
  );
}
