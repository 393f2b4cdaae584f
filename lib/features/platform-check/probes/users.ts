import "server-only";
import { found, NO_SUCH_ID, notTried, reachedWithout, refusedWrite, type Probe, type ProbeContext } from "../probe";

/** The driver's account: users, the app password and reset, the status, the export, vouchers and the OAuth token. */
const NO_USER = "the platform has no user to try it on";

/** A write on the sample user (its id in the path as `param`) with a body the platform must refuse. */
const refusedOnUser =
  (endpoint: Probe["endpoint"], body: Record<string, unknown>, param = "id") =>
  async (ctx: ProbeContext) =>
    ctx.samples.userId === undefined
      ? notTried(NO_USER)
      : refusedWrite(ctx.requester, { endpoint, params: { [param]: ctx.samples.userId }, body });

export const USER_PROBES: Probe[] = [
  {
    endpoint: "users.list",
    feature: "finding drivers by e-mail",
    async run({ platform, samples }) {
      const page = await platform.users.listUsers({ perPage: 1 });
      samples.userId = page.items[0]?.id;
      return samples.userId === undefined
        ? found("lists users: none yet")
        : found(`lists users (first: ${samples.userId})`);
    },
  },
  {
    endpoint: "users.get",
    feature: "the account page",
    async run({ platform, samples }) {
      if (samples.userId === undefined) return notTried(NO_USER);
      const user = await platform.users.getUser(samples.userId);
      return found(`reads user ${user.id}${user.balance === null ? " (no balance: see partners.get)" : ""}`);
    },
  },
  {
    endpoint: "users.create",
    feature: "sign-up and staff creating drivers",
    run: ({ requester }) => refusedWrite(requester, { endpoint: "users.create", body: {} }),
  },
  {
    endpoint: "users.update",
    feature: "profile changes",
    run: refusedOnUser("users.update", { country: "not a country" }),
  },
  {
    endpoint: "users.changeEmail",
    feature: "e-mail changes",
    run: refusedOnUser("users.changeEmail", { email: "not an e-mail address" }),
  },
  {
    endpoint: "users.setPassword",
    feature: "choosing the app password",
    // A number is never a password: no minimum length of any tenant can let it through.
    run: refusedOnUser("users.setPassword", { password: 123_456 }),
  },
  {
    endpoint: "users.requirePasswordReset",
    feature: "the app password reset",
    run: refusedOnUser("users.requirePasswordReset", { requirePasswordReset: "not-a-boolean" }),
  },
  {
    endpoint: "users.startPasswordReset",
    feature: "the app password reset mail",
    // Each call mails a link: only a user that cannot exist is tried.
    run: ({ platform }) => reachedWithout(() => platform.users.startPasswordReset(NO_SUCH_ID)),
  },
  {
    endpoint: "users.changeStatus",
    feature: "disabling a driver and carrying out an account deletion",
    run: refusedOnUser("users.changeStatus", {}),
  },
  {
    endpoint: "users.exportPrivateData",
    feature: "the platform's part of the driver's data export",
    // A real user's export would start one: only a user that cannot exist is tried.
    run: ({ platform }) => reachedWithout(() => platform.users.exportPrivateData!(NO_SUCH_ID)),
  },
  {
    endpoint: "vouchers.redeem",
    feature: "vouchers",
    run: refusedOnUser("vouchers.redeem", {}, "user"),
  },
  {
    endpoint: "oauth.token",
    feature: "every call (the portal signs in with the OAuth client)",
    async run({ target, platform }) {
      if (!target.oauth) return found("not used: the portal sends PLATFORM_API_KEY");
      // The first probe's call fetched the token; one more read shows it is still taken.
      await platform.users.listUsers({ perPage: 1 });
      return found("issues a token to PLATFORM_OAUTH_CLIENT_ID that the platform accepts");
    },
  },
];
