/**
 * What Next throws on purpose inside an action (redirect(), notFound(), forbidden(), dynamic
 * rendering bail-outs): never an error to log or to word for the user, always rethrown. Read from
 * the error's digest, as Next itself does, so that it holds for the real and a faked navigation.
 */
export function isNextControlFlow(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("digest" in error)) return false;
  const digest = (error as { digest: unknown }).digest;
  return (
    typeof digest === "string" &&
    (digest.startsWith("NEXT_") || digest === "DYNAMIC_SERVER_USAGE" || digest === "BAILOUT_TO_CLIENT_SIDE_RENDERING")
  );
}
