/**
 * The signature counter rule (WebAuthn §6.1.1): an authenticator that counts must show a higher
 * count on every use. A lower or equal one means a cloned authenticator, so the sign-in is refused.
 * Authenticators that do not count (synced passkeys) always send 0, which is allowed. Pure.
 */
export function signCountAccepted(stored: number, received: number): boolean {
  if (stored === 0 && received === 0) return true;
  return received > stored;
}
