import "server-only";

/** The live feature's public module: the platform's callbacks in, the drivers' event streams out. */
export { receivePlatformCallback, lastCallbackAt, webhookKey } from "./receive-callback";
export { liveEventsEnabled, openDriverStream } from "./stream";
export { receiptMailEnabled } from "./receipt";
