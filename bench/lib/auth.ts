/**
 * E-mail link sign-in over plain HTTP, as a browser without JavaScript does it: the portal's sign-in
 * form posted (Auth.js's own sign-in endpoint is closed) → the link from the demo mailbox (the bench
 * runs in demo mode) → follow it and keep the database session cookie. Returns a `Cookie` header value.
 */

class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (!pair || eq < 1) continue;
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

const decodeHtml = (value: string) =>
  value.replaceAll("&amp;", "&").replaceAll("&#x3D;", "=").replaceAll("&quot;", '"');

async function text(response: Response, what: string): Promise<string> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${body.slice(0, 300)}`);
  return body;
}

/** The id of the newest sign-in mail to `email` in the demo mailbox (newest first). */
async function newestSignInMail(origin: string, email: string): Promise<string | null> {
  const html = await text(await fetch(`${origin}/dev/mailbox`), "reading /dev/mailbox");
  for (const row of html.split("<tr").slice(1)) {
    if (!row.includes(`>${email}<`) || !row.includes("sign-in link")) continue;
    const match = /href="\/dev\/mailbox\/(\d+)"/.exec(row);
    if (match?.[1]) return match[1];
  }
  return null;
}

export async function signIn(origin: string, email: string): Promise<string> {
  const jar = new CookieJar();
  const before = await newestSignInMail(origin, email);

  // The form's hidden fields carry the server action's id and state, as React renders them for no-JS use.
  const page = await fetch(`${origin}/signin`);
  jar.take(page);
  const html = await text(page, "GET /signin");
  const form = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)].find((m) => m[1]?.includes('name="email"'));
  if (!form?.[1]) throw new Error("the sign-in page has no e-mail form");
  const body = new FormData();
  for (const input of form[1].matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    if (name) body.append(decodeHtml(name), decodeHtml(/value="([^"]*)"/.exec(input[0])?.[1] ?? ""));
  }
  body.append("email", email);
  const request = await fetch(`${origin}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, cookie: jar.header() },
    body,
  });
  jar.take(request);
  const answer = await request.text();
  if (request.status >= 400 || request.headers.get("location") !== "/check-your-email")
    throw new Error(
      `sign-in request for ${email}: HTTP ${request.status} ${request.headers.get("location") ?? answer.slice(0, 200)}`,
    );

  // The mail is written after the form has answered: wait for it a little.
  let mailId = await newestSignInMail(origin, email);
  for (let tries = 0; (!mailId || mailId === before) && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mailId = await newestSignInMail(origin, email);
  }
  if (!mailId || mailId === before) throw new Error(`no new sign-in mail for ${email} in /dev/mailbox`);
  const mail = await text(await fetch(`${origin}/dev/mailbox/${mailId}`), `reading mail ${mailId}`);
  const link = /href="([^"]*\/api\/auth\/callback\/nodemailer\?[^"]+)"/.exec(mail)?.[1];
  if (!link) throw new Error(`mail ${mailId} has no sign-in link`);

  const callback = await fetch(decodeHtml(link), { redirect: "manual", headers: { cookie: jar.header() } });
  jar.take(callback);
  await callback.body?.cancel();
  const session = jar.get("authjs.session-token");
  if (!session)
    throw new Error(
      `sign-in of ${email} gave no session cookie (HTTP ${callback.status} → ${callback.headers.get("location") ?? ""})`,
    );
  return `authjs.session-token=${session}`;
}

/** GET with a session cookie; fails loudly on a redirect to /signin or /account-not-linked. */
export async function getSignedIn(url: string, cookie: string): Promise<Response> {
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  if (response.status >= 300) {
    await response.body?.cancel();
    throw new Error(`GET ${url}: HTTP ${response.status} ${response.headers.get("location") ?? ""}`);
  }
  return response;
}

/** The seeded drivers the load phases sign in: each connection of a load is one of them. */
export const BENCH_DRIVERS = ["driver@example.com", "second.driver@example.com", "new.driver@example.com"];

/** Signs every bench driver in, one after another; resolves to their `Cookie` header values. */
export async function signInDrivers(origin: string): Promise<string[]> {
  const cookies: string[] = [];
  for (const email of BENCH_DRIVERS) cookies.push(await signIn(origin, email));
  return cookies;
}
