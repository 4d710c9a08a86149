/**
 * Every address a host name resolves to. The extension passes Node's `dns.lookup` with `all: true`; tests pass a
 * table, so no test ever asks a real resolver.
 */
export type HostResolver = (hostname: string) => Promise<readonly string[]>;

/**
 * True for an address on this machine's loopback interface: IPv4 127.0.0.0/8, IPv6 `::1`, and IPv4-mapped IPv6
 * `::ffff:127.x.y.z` in either spelling. Accepts bracketed IPv6 as URLs write it. Anything unparsable is not loopback.
 */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const v4 = parseIpv4(bare);
  if (v4) return v4[0] === 127;
  const words = parseIpv6(bare);
  if (!words) return false;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 7) && words[7] === 1) return true;
  return zeros(0, 5) && words[5] === 0xffff && (words[6] ?? 0) >> 8 === 127;
}

/** Whether `hostname` (as `URL` gives it) is an IP literal rather than a name to resolve. */
export function isIpLiteral(hostname: string): boolean {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return parseIpv4(bare) !== undefined || parseIpv6(bare) !== undefined;
}

function parseIpv4(text: string): number[] | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return undefined;
  const parts = match.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : undefined;
}

/** Eight 16-bit words, or undefined. Handles `::` and a trailing dotted IPv4 part; a zone (`%eth0`) is refused. */
function parseIpv6(text: string): number[] | undefined {
  if (!text.includes(':') || text.includes('%')) return undefined;
  let tail: number[] = [];
  let rest = text;
  const lastColon = rest.lastIndexOf(':');
  const last = rest.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIpv4(last);
    if (!v4) return undefined;
    tail = [((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0)];
    rest = `${rest.slice(0, lastColon + 1)}0`; // a placeholder word, dropped below
  }
  const halves = rest.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0] ?? '');
  const back = halves.length === 2 ? parse(halves[1] ?? '') : [];
  if (tail.length > 0) back.length > 0 ? back.pop() : head.pop();
  const words = [...head, ...back].map((w) => (/^[0-9a-f]{1,4}$/.test(w) ? Number.parseInt(w, 16) : Number.NaN));
  if (words.some(Number.isNaN)) return undefined;
  const missing = 8 - words.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const headWords = words.slice(0, head.length);
  const backWords = words.slice(head.length);
  return [...headWords, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...backWords, ...tail];
}
