/**
 * For `vi.mock("next/navigation", …)` in integration tests: redirect() throws as Next's does, with
 * the digest the action helper recognises as control flow, so a test reads where it went.
 */
export function redirectLikeNext(to: string): never {
  throw Object.assign(new Error(`redirect ${to}`), { digest: `NEXT_REDIRECT;replace;${to};307;` });
}
