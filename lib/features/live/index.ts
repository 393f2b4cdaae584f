import "server-only";

/** The live feature's public module: the platform's callbacks in, the drivers' event streams out. */
export { receivePlatformCallback, webhookKey } from "./receive-callback";
export { callbacksArriving, livePushActive } from "./push";
export { liveEventsEnabled, openDriverStream } from "./stream";
export { receiptMailEnabled } from "./receipt";
