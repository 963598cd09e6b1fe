/**
 * Whether a text from a server could give the API key away. Servers (Grist, a proxy, a hostile
 * host) may echo a request back in their error text, and not always verbatim: upper-cased,
 * URL-encoded, or cut. Such text must never reach a page, a log line or the cached listing, so it
 * is not blotted out piecemeal but dropped whole.
 */

/** The length of the shortest run of the key that counts as giving it away. */
export const KEY_RUN_LENGTH = 16;

/** `%XX` escapes decoded one by one, so one malformed escape does not stop the rest. */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/**
 * True when `text` holds any KEY_RUN_LENGTH-character run of `apiKey` (the whole key when it is
 * shorter), in any letter case, as is or URL-encoded.
 * In: the server's text and the key. Out: whether the text must be withheld.
 */
export function mayHoldKey(text: string, apiKey: string): boolean {
  if (!apiKey) return false;
  const forms = [text, percentDecoded(text), percentDecoded(percentDecoded(text))].map((form) => form.toLowerCase());
  const length = Math.min(KEY_RUN_LENGTH, apiKey.length);
  for (let start = 0; start + length <= apiKey.length; start++) {
    const run = apiKey.slice(start, start + length).toLowerCase();
    const encoded = encodeURIComponent(run).toLowerCase();
    if (forms.some((form) => form.includes(run) || form.includes(encoded))) return true;
  }
  return false;
}
