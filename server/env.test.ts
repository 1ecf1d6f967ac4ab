import { describe, expect, it } from "vitest";
import { listenOrigin, loadEnv } from "./env.ts";

describe("loadEnv", () => {
  it("fills the documented defaults", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: ".data", BFF_TIMEOUT_MS: 20_000, NODE_ENV: "production", REQUEST_LOG: "on" });
    expect(env.GATEWAY_URL).toBeUndefined();
    expect(env.issuerCertPath).toBe(".data/keys/issuer-cert.pem");
  });

  it("derives the issuer certificate path from DATA_DIR unless given", () => {
    expect(loadEnv({ DATA_DIR: "/srv/d" }).issuerCertPath).toBe("/srv/d/keys/issuer-cert.pem");
    expect(loadEnv({ DATA_DIR: "/srv/d", ISSUER_CERT: "/etc/ca.pem" }).issuerCertPath).toBe("/etc/ca.pem");
  });

  it("refuses bad values with a message naming the variable", () => {
    expect(() => loadEnv({ PORT: "http" })).toThrow(/PORT/);
    expect(() => loadEnv({ GATEWAY_URL: "ftp://x" })).toThrow(/GATEWAY_URL/);
    expect(() => loadEnv({ GATEWAY_URL: "not a url" })).toThrow(/GATEWAY_URL/);
    expect(() => loadEnv({ BFF_TIMEOUT_MS: "-5" })).toThrow(/BFF_TIMEOUT_MS/);
  });

  it("takes a public origin, never a path or another scheme", () => {
    expect(loadEnv({ PUBLIC_ORIGIN: "https://www.example.com" }).PUBLIC_ORIGIN).toBe("https://www.example.com");
    expect(loadEnv({ PUBLIC_ORIGIN: "https://www.example.com/" }).PUBLIC_ORIGIN).toBe("https://www.example.com");
    expect(() => loadEnv({ PUBLIC_ORIGIN: "https://www.example.com/app" })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadEnv({ PUBLIC_ORIGIN: "javascript:alert(1)" })).toThrow(/PUBLIC_ORIGIN/);
  });

  it("splits image origins", () => {
    expect(loadEnv({ IMAGE_ORIGINS: " https://a.example, ,https://b.example" }).imageOrigins).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
  });

  it("refuses image origins that are no origin, so nothing can end the CSP directive", () => {
    expect(() => loadEnv({ IMAGE_ORIGINS: "https://a.example; script-src *" })).toThrow(/IMAGE_ORIGINS/);
    expect(() => loadEnv({ IMAGE_ORIGINS: "a.example" })).toThrow(/IMAGE_ORIGINS/);
    expect(loadEnv({ IMAGE_ORIGINS: "https://*.img.example/" }).imageOrigins).toEqual(["https://*.img.example"]);
  });

  it("builds the link policy from PUBLIC_ORIGIN, BRAND_HOSTS and LINK_ADDRESSES, normalised", () => {
    expect(loadEnv({}).linkPolicy).toEqual({ hosts: [], addresses: [] });
    const env = loadEnv({
      PUBLIC_ORIGIN: "https://www.Mix.example",
      BRAND_HOSTS: "mix.example, MIX-MIRROR.example:8443, mіx.example",
      LINK_ADDRESSES: "https://t.me/mixexchange,https://Bitcoin.org",
    });
    expect(env.linkPolicy).toEqual({
      hosts: ["www.mix.example", "mix.example", "mix-mirror.example:8443", "xn--mx-hoc.example"],
      addresses: ["https://t.me/mixexchange", "https://bitcoin.org/"],
    });
  });

  it("refuses link configuration that would widen the allow-list by accident", () => {
    for (const bad of ["https://mix.example", "mix.example/path", "*.mix.example", "user@mix.example", "mix example"]) {
      expect(() => loadEnv({ BRAND_HOSTS: bad }), bad).toThrow(/BRAND_HOSTS/);
    }
    for (const bad of ["t.me/mixexchange", "javascript:alert(1)", "https://u:p@t.me/", "https://t.me/?x=1", "ftp://t.me/"]) {
      expect(() => loadEnv({ LINK_ADDRESSES: bad }), bad).toThrow(/LINK_ADDRESSES/);
    }
  });
});

describe("listenOrigin", () => {
  it("is the address the server listens on, a wildcard or loopback host read as localhost", () => {
    expect(listenOrigin("0.0.0.0", 3000)).toBe("http://localhost:3000");
    expect(listenOrigin("::", 8080)).toBe("http://localhost:8080");
    expect(listenOrigin("127.0.0.1", 41234)).toBe("http://localhost:41234");
    expect(listenOrigin("::1", 80)).toBe("http://localhost");
    expect(listenOrigin("localhost", 3000)).toBe("http://localhost:3000");
  });

  it("keeps a named host or address, bracketing IPv6", () => {
    expect(listenOrigin("www.Mix.example", 443)).toBe("http://www.mix.example:443");
    expect(listenOrigin("192.168.1.20", 3000)).toBe("http://192.168.1.20:3000");
    expect(listenOrigin("fe80::1", 3000)).toBe("http://[fe80::1]:3000");
  });

  it("falls back to localhost for a host that makes no URL", () => {
    expect(listenOrigin("bad host/x", 3000)).toBe("http://localhost:3000");
  });
});
