/**
 * The RSC payload a page's HTML carries (the `self.__next_f.push([1, "…"])` scripts, decoded and joined),
 * and the `messages` objects in it: what each NextIntlClientProvider sends the browser.
 */
export function rscPayloadOf(html: string): string {
  let payload = "";
  for (const match of html.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g))
    payload += JSON.parse(match[1]!) as string;
  return payload;
}

/** Each `"messages":{…}` object in the payload, as its JSON text. */
export function messagesIn(payload: string): string[] {
  const found: string[] = [];
  const marker = '"messages":{';
  for (let at = payload.indexOf(marker); at >= 0; at = payload.indexOf(marker, at + 1)) {
    const start = at + marker.length - 1;
    let depth = 0;
    let inString = false;
    let end = start;
    for (; end < payload.length; end++) {
      const c = payload[end];
      if (inString) {
        if (c === "\\") end++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    found.push(payload.slice(start, end + 1));
  }
  return found;
}
