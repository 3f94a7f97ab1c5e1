/**
 * The rate-limit key of a connecting address: an IPv4 address whole, an IPv6 address by its /64
 * prefix (one subscriber usually holds a whole /64, so counting single IPv6 addresses would let
 * one client rotate through billions of keys). Anything else, a missing address included, is the
 * one shared bucket `unknown`: never a value the client chooses.
 */
export const UNKNOWN_ADDRESS = 'unknown';

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const GROUP = /^[0-9a-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address in text form (compressed, or ending in dotted IPv4), or null. */
function ipv6Groups(text: string): number[] | null {
  let address = text.toLowerCase();
  const tailStart = address.lastIndexOf(':') + 1;
  const tail = address.slice(tailStart);
  if (tail.includes('.')) {
    if (!IPV4.test(tail)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    address = `${address.slice(0, tailStart)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groupsOf(halves[0] ?? '');
  const rest = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (![...head, ...rest].every((group) => GROUP.test(group))) return null;
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest].map((group) =>
    parseInt(group, 16),
  );
}

const IPV4_MAPPED_PREFIX = [0, 0, 0, 0, 0, 0xffff];

export function addressKey(address: string | undefined): string {
  if (address === undefined) return UNKNOWN_ADDRESS;
  const trimmed = address.trim();
  if (IPV4.test(trimmed)) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (groups === null) return UNKNOWN_ADDRESS;
  if (IPV4_MAPPED_PREFIX.every((value, i) => groups[i] === value)) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
