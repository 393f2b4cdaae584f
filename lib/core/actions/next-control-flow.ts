/**
 * Next's deliberate throws (redirect, notFound, bail-outs): always rethrown, never logged. Read from the digest, as
 * Next does, so a faked navigation behaves the same.
 */
export function isNextControlFlow(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("digest" in error)) return false;
  const digest = (error as { digest: unknown }).digest;
  return (
    typeof digest === "string" &&
    (digest.startsWith("NEXT_") || digest === "DYNAMIC_SERVER_USAGE" || digest === "BAILOUT_TO_CLIENT_SIDE_RENDERING")
  );
}
