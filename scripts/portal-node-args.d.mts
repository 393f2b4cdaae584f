/** Types of portal-node-args.mjs, for the TypeScript that imports it (the bench, the Playwright config). */
export declare const PORTAL_NODE_ARGS: readonly string[];
