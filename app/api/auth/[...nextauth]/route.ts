import type { NextRequest } from "next/server";
import { handlers } from "@/lib/core/auth";
import { anyone } from "@/lib/core/route-handlers/access";
import { routeHandler } from "@/lib/core/route-handlers/route-handler";

const WORDS = { doing: "auth.doing.signIn" } as const;

// Next hands every route handler a NextRequest; Auth.js reads its `nextUrl`.
export const GET = routeHandler({
  scope: "auth",
  words: WORDS,
  access: anyone,
  run: ({ request }) => handlers.GET(request as NextRequest),
});

/**
 * Auth.js's own sign-in endpoint (`POST /api/auth/signin/nodemailer`) is closed: the portal's sign-in
 * form is the one way to ask for a link, so nobody can time or read Auth.js's answer to learn whether an
 * account exists. A browser that posts there lands on the form. Links issued anyway (sign-up, staff)
 * still pass the portal's rules in the signIn callback (lib/core/auth/sign-in-gate.ts).
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
