import { describe, expect, it } from "vitest";
import { cleanIpEntries, ipEntryProblem, readIpAllow } from "./ip-allow.ts";

describe("a key's IP allow-list", () => {
  it("forgives spellings that name the same address", () => {
    const list = readIpAllow(" 127.0.0.1 , 2001:DB8::1");
    expect(list.allows("127.0.0.1")).toBe(true);
    expect(list.allows("::ffff:127.0.0.1")).toBe(true);
    expect(list.allows("::ffff:7f00:1")).toBe(true);
    expect(list.allows("2001:db8:0:0:0:0:0:1")).toBe(true);
    expect(readIpAllow("::ffff:127.0.0.1").allows("127.0.0.1")).toBe(true);
  });

  it("matches addresses, never prefixes, ranges or junk, and fails closed", () => {
    const list = readIpAllow("127.0.0.1");
    for (const ip of ["127.0.0.10", "127.0.0.2", "", "localhost", "::1", "::127.0.0.1", "127.0.0.1%lo", "127.0.0.1 "]) {
      expect(list.allows(ip), ip).toBe(false);
    }
    // A stored entry that is no address restricts the key and lets nobody in.
    const junk = readIpAllow("0.0.0.0/0,*");
    expect(junk.restricted).toBe(true);
    expect(junk.usable).toEqual([]);
    expect(junk.allows("10.1.2.3")).toBe(false);
    expect(readIpAllow("").allows("10.1.2.3")).toBe(true);
    expect(readIpAllow(" , ").restricted).toBe(false);
  });

  it("refuses entries that are not one usable address, and keeps each address once", () => {
    for (const bad of ["10.0.0.0/8", "*", "10.0.0.*", "example.com", "0.0.0.0", "::", "fe80::1%eth0", "127.000.0.1", "1.2.3.4,5.6.7.8"]) {
      expect(ipEntryProblem(bad), bad).toBeDefined();
    }
    for (const good of [" 10.0.0.1 ", "::1", "2001:DB8::1", "::ffff:10.0.0.1"]) expect(ipEntryProblem(good), good).toBeUndefined();
    expect(cleanIpEntries([" 10.0.0.1", "::ffff:10.0.0.1", "2001:DB8::1", "2001:db8:0::1", ""])).toEqual(["10.0.0.1", "2001:db8::1"]);
  });
});
