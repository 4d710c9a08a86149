/**
 * A key echoed back the way a Go server writes it: `encoding/json` escapes `&`, `<` and `>` as `\u0026`, `\u003c`
 * and `\u003e`, so a key holding one of them is not found in the raw body by a search for the key itself.
 */
export function goJsonString(text: string): string {
  return JSON.stringify(text).replace(/[&<>]/g, (c) => `\\u00${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * A 401 body, as the proxy would send it, whose message quotes `key` starting at character `at` of the message:
 * with `at` a little under 400, the key straddles the cut of an error's excerpt.
 */
export function echoedKeyBody(key: string, at: number): string {
  const message = `${'x'.repeat(at)}${key} was not accepted; check the Authorization header you sent`;
  return `{"error":{"message":${goJsonString(message)},"type":"authentication_error"}}`;
}

/** Every run of `min` or more characters of `key` (raw) that `text` still holds: what a redaction let through. */
export function keyFragmentsIn(text: string, key: string, min = 8): string[] {
  const found: string[] = [];
  for (let start = 0; start + min <= key.length; start++) {
    const piece = key.slice(start, start + min);
    if (text.includes(piece)) found.push(piece);
  }
  return found;
}
