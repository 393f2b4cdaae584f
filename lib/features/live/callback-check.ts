import "server-only";
import { checkSubscription } from "./subscribe";
import { callbacksConfigured, webhookKeys } from "./webhook-keys";

/** `platform:check`'s signed self-test through the public URL: answered 204 once its signature holds, nothing else. */
export const SELF_TEST_KIND = "driverPortal.callbackSelfTest";

/**
 * What `platform:check` reads of the callbacks: the keys, the subscription's state, the self-test's kind. Apart from
 * the public module because the command runs in plain Node, where the receiver's Next runtime does not load.
 */
export const callbackCheckSupport = {
  webhookKeys,
  callbacksConfigured,
  checkSubscription,
  selfTestKind: SELF_TEST_KIND,
};

export type CallbackCheckSupport = typeof callbackCheckSupport;
