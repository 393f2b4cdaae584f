import { notFound } from "next/navigation";
import type { SearchParams } from "./search-params";

/** A mailed link's page: what `inspect` says its `token` is (no token at all is a 404), and the token a form posts. */
export async function mailedLinkOf<LinkState>(
  searchParams: SearchParams,
  inspect: (token: string | string[]) => Promise<LinkState>,
): Promise<{ link: LinkState; token: string }> {
  const { token } = await searchParams;
  if (token === undefined) notFound();
  return { link: await inspect(token), token: typeof token === "string" ? token : "" };
}
