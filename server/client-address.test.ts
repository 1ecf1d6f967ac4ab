import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddressOf, crossSiteWrite } from "./client-address.ts";

const req = (headers: Record<string, string>, remoteAddress = "198.51.100.4", method = "POST") =>
  ({ headers, method, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe("clientAddressOf", () => {
  const loopback = (a: string) => a === "127.0.0.1";
  it("is the socket's peer when it is no trusted proxy, whatever X-Forwarded-For claims", () => {
    expect(clientAddressOf(req({ "x-forwarded-for": "6.6.6.6" }), () => false)).toBe("198.51.100.4");
    expect(clientAddressOf(req({ "x-forwarded-for": "6.6.6.6" }), loopback)).toBe("198.51.100.4");
  });
  it("follows trusted proxies hop by hop and stops at the first address it does not trust", () => {
    expect(clientAddressOf(req({ "x-forwarded-for": "6.6.6.6, 203.0.113.7" }, "127.0.0.1"), loopback)).toBe("203.0.113.7");
    expect(clientAddressOf(req({ "x-forwarded-for": "6.6.6.6, 127.0.0.1" }, "127.0.0.1"), loopback)).toBe("6.6.6.6");
    expect(clientAddressOf(req({}, "127.0.0.1"), loopback)).toBe("127.0.0.1");
  });
});

describe("crossSiteWrite", () => {
  it("refuses writes another site's page makes, by Sec-Fetch-Site, else by Origin", () => {
    expect(crossSiteWrite(req({ "sec-fetch-site": "cross-site" }), [])).toBe(true);
    expect(crossSiteWrite(req({ "sec-fetch-site": "same-site" }), [])).toBe(true);
    expect(crossSiteWrite(req({ "sec-fetch-site": "same-origin" }), [])).toBe(false);
    expect(crossSiteWrite(req({ "sec-fetch-site": "none" }), [])).toBe(false);
    expect(crossSiteWrite(req({ host: "mix.example", origin: "https://evil.example" }), [])).toBe(true);
    expect(crossSiteWrite(req({ host: "mix.example", origin: "null" }), [])).toBe(true);
    expect(crossSiteWrite(req({ host: "mix.example", origin: "https://mix.example" }), [])).toBe(false);
    expect(crossSiteWrite(req({ host: "10.0.0.1:3000", origin: "https://www.mix.example" }), ["www.mix.example"])).toBe(false);
  });
  it("lets reads and clients that are no browser through (bots send neither header)", () => {
    expect(crossSiteWrite(req({ "sec-fetch-site": "cross-site" }, "1.1.1.1", "GET"), [])).toBe(false);
    expect(crossSiteWrite(req({}), [])).toBe(false);
  });
});
