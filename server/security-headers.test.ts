import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers.ts";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows scripts only from self and this nonce, and reports to the gateway", () => {
    const d = directives(contentSecurityPolicy("abc", { dev: false, imageOrigins: [] }));
    expect(d.get("script-src")).toEqual(["'self'", "'nonce-abc'"]);
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("frame-ancestors")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'self'"]);
    expect(d.get("report-uri")).toEqual(["/v1/buried/log/cspSecurity"]);
    expect(d.get("report-to")).toEqual(["csp-endpoint"]);
    expect(d.get("connect-src")).toEqual(["'self'"]);
    expect([...d.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it("adds configured image origins and relaxes only styles and sockets in development", () => {
    const prod = directives(contentSecurityPolicy("n", { dev: false, imageOrigins: ["https://img.example"] }));
    expect(prod.get("img-src")).toContain("https://img.example");
    expect(prod.get("style-src")).not.toContain("'unsafe-inline'");
    const dev = directives(contentSecurityPolicy("n", { dev: true, imageOrigins: [] }));
    expect(dev.get("style-src")).toContain("'unsafe-inline'");
    expect(dev.get("script-src")).toEqual(["'self'", "'nonce-n'"]);
  });
});
