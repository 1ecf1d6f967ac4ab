import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { dropHopByHop, forwardedHeaders } from "./bff.ts";

describe("dropHopByHop", () => {
  it("drops the RFC 9110 hop-by-hop headers and any named in Connection, keeping the rest exactly", () => {
    const out = dropHopByHop({
      connection: "keep-alive, X-Session-Hop",
      "keep-alive": "timeout=5",
      "transfer-encoding": "chunked",
      upgrade: "h2c",
      te: "trailers",
      "proxy-authorization": "Basic x",
      "x-session-hop": "1",
      "device-sign": "abc==",
      "set-cookie": ["a=1", "b=2"],
      "content-length": "10",
    });
    expect(out).toEqual({ "device-sign": "abc==", "set-cookie": ["a=1", "b=2"], "content-length": "10" });
  });
});

describe("forwardedHeaders", () => {
  const request = (rawHeaders: string[], remoteAddress = "10.0.0.9") => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < rawHeaders.length; i += 2) headers[rawHeaders[i]!.toLowerCase()] ??= rawHeaders[i + 1]!;
    return { rawHeaders, headers, socket: { remoteAddress } } as unknown as IncomingMessage;
  };

  it("keeps names, order and repeats as received, drops hop-by-hop ones and sets X-Forwarded-*", () => {
    // what passes, exactly as received: names' case, order and a repeated header
    const kept = ["Device-Sign", "abc==", "Accept", "a/b", "Accept", "c/d"];
    const req = request([
      "Host",
      "web.example",
      "Connection",
      "keep-alive, X-Hop",
      "X-Hop",
      "1",
      ...kept,
      "X-Forwarded-For",
      "6.6.6.6",
      "X-Forwarded-Host",
      "evil",
      "TE",
      "trailers",
    ]);
    expect(forwardedHeaders(req, { clientIp: "10.0.0.9", proto: "http" })).toEqual([
      ...kept,
      "x-forwarded-for",
      "10.0.0.9",
      "x-forwarded-proto",
      "http",
      "x-forwarded-host",
      "web.example",
    ]);
  });

  it("names one address, the visitor's, and the proxy secret; a client's own secret header never passes", () => {
    const req = request(["Host", "web.example", "X-Forwarded-For", "203.0.113.7", "X-Proxy-Secret", "guess"], "127.0.0.1");
    expect(forwardedHeaders(req, { clientIp: "203.0.113.7", proto: "https", proxySecret: "s3cret-s3cret-s3cret" })).toEqual([
      "x-forwarded-for",
      "203.0.113.7",
      "x-forwarded-proto",
      "https",
      "x-forwarded-host",
      "web.example",
      "x-proxy-secret",
      "s3cret-s3cret-s3cret",
    ]);
  });
});
