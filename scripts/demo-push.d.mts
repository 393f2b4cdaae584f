/** Types of demo-push.mjs, for the TypeScript that imports it (tests). */
export declare function waitUntilServing(baseUrl: string, timeoutMs?: number): Promise<boolean>;
export declare function subscribeDemoPortal(
  baseUrl: string,
  settings: { apiKey: string; kinds: readonly string[] },
): Promise<{ outcome: "created" | "kept"; id: number }>;
