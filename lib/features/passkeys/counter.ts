/**
 * WebAuthn §6.1.1: a counting authenticator must show a higher count each use, else it is a clone and refused.
 * Non-counting ones (synced passkeys) always send 0. Pure.
 */
export function signCountAccepted(stored: number, received: number): boolean {
  if (stored === 0 && received === 0) return true;
  return received > stored;
}
