/**
 * A key's IP allow-list (docs/decisions/342): what an entry may be, and whether a caller's
 * address is on the list. Strict where a loose reading would let someone else in (no ranges,
 * wildcards, host names or zone ids; an entry that is not an address matches nothing), lenient
 * where the spelling changes nothing (spaces around an entry, upper-case hex, IPv6 written short
 * or long, an IPv4 address written IPv4-mapped `::ffff:a.b.c.d`). Matching is Node's BlockList,
 * which compares addresses, not strings.
 */
import { BlockList, isIP } from "node:net";

/** Why an entry cannot be on a list, or undefined when it can. */
export function ipEntryProblem(entry: string): string | undefined {
  const ip = entry.trim();
  if (ip.includes("%")) return `${ip}: a zone id names no one outside this machine`;
  if (isIP(ip) === 0) return `${ip}: not an IP address (one address per entry, no ranges or names)`;
  // The unspecified address is where no packet comes from: an entry of it allows nobody and only looks like a list.
  if (/^0\.0\.0\.0$/.test(ip) || /^[0:]+$/.test(ip) || /^::ffff:0\.0\.0\.0$/i.test(ip)) return `${ip}: the unspecified address`;
  return undefined;
}

/** The entries a client sent, trimmed and each once (the same address in two spellings counts once). */
export function cleanIpEntries(entries: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of entries) {
    const ip = raw.trim().toLowerCase();
    if (ip === "" || out.some((o) => sameAddress(o, ip))) continue;
    out.push(ip);
  }
  return out;
}

function sameAddress(a: string, b: string): boolean {
  const list = blockListOf([a]);
  const t = isIP(b);
  return t !== 0 && list.check(b, t === 6 ? "ipv6" : "ipv4");
}

function blockListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const e of entries) list.addAddress(e, isIP(e) === 6 ? "ipv6" : "ipv4");
  return list;
}

/** A stored list (comma-separated) read for matching. */
export interface IpAllowList {
  /** Whether the key is restricted at all: any non-blank entry, usable or not (an unusable one still restricts: it fails closed). */
  restricted: boolean;
  /** The entries that name an address; a key needs one of them to withdraw. */
  usable: readonly string[];
  allows(ip: string): boolean;
}

export function readIpAllow(csv: string): IpAllowList {
  const entries = csv
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const usable = entries.filter((e) => ipEntryProblem(e) === undefined);
  const list = blockListOf(usable);
  return {
    restricted: entries.length > 0,
    usable,
    allows(ip: string) {
      if (entries.length === 0) return true;
      const t = isIP(ip);
      if (t === 0 || ip.includes("%")) return false;
      return list.check(ip, t === 6 ? "ipv6" : "ipv4");
    },
  };
}
