/** "N minutes" (or "1 minute") until a rate limit lets the user try again. */
export function minutesUntilRetry(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** What an action answers when a limit refused it: `words` says why, given the wait ("5 minutes"). */
export function refusedByLimit(retryAfterSeconds: number, words: (wait: string) => string) {
  return { status: "error", message: words(minutesUntilRetry(retryAfterSeconds)) } as const;
}
