import "server-only";

/** The live feature's public module: the platform's callbacks in, the drivers' event streams out. */
export { receivePlatformCallback } from "./receive-callback";
export { callbackCheckSupport, SELF_TEST_KIND, type CallbackCheckSupport } from "./callback-check";
export { callbacksArriving, livePushActive } from "./push";
export { liveEventsEnabled } from "./stream";
export { openDriverStream } from "./stream-route";
export { receiptMailEnabled, setReceiptMail } from "./receipt";
export { CALLBACK_PATH, checkSubscription, type SubscriptionState } from "./subscribe";
export { callbackSettings, callbacksConfigured, webhookKeys, type CallbackSettings } from "./webhook-keys";
