import type { NextRequest } from "next/server";
import { handlers } from "@/lib/core/auth";
import { rememberLinkSignIn } from "@/lib/core/auth/known-browser";
import { anyone } from "@/lib/core/route-handlers/access";
import { routeHandler } from "@/lib/core/route-handlers/route-handler";

const WORDS = { doing: "auth.doing.signIn" } as const;

// Next hands every route handler a NextRequest; Auth.js reads its `nextUrl`. A followed link marks its browser as known.
export const GET = routeHandler({
  scope: "auth",
  words: WORDS,
  access: anyone,
  run: async ({ request }) => rememberLinkSignIn(request, await handlers.GET(request as NextRequest)),
});

/**
 * Auth.js's own sign-in endpoint is closed, so nobody can time or read its answer to learn whether an account exists.
 * Links issued anyway still pass lib/core/auth/sign-in-gate.ts.
 */
export const POST = routeHandler({
  scope: "auth",
  words: WORDS,
  access: anyone,
  async run({ request }) {
    // Split as Auth.js does (empty segments dropped), so "/api/auth//signin/…" is closed as well.
    const [action] = new URL(request.url).pathname
      .replace(/^\/api\/auth/, "")
      .split("/")
      .filter(Boolean);
    if (action === "signin") return new Response(null, { status: 303, headers: { Location: "/signin" } });
    return handlers.POST(request as NextRequest);
  },
});
