import { describe, expect, it } from "vitest";
import { listeningOrigin } from "./public-origin.ts";

describe("listeningOrigin", () => {
  it("names every-interface addresses localhost", () => {
    expect(listeningOrigin("0.0.0.0", 3000)).toBe("http://localhost:3000");
    expect(listeningOrigin("::", 3000)).toBe("http://localhost:3000");
    expect(listeningOrigin("", 8080)).toBe("http://localhost:8080");
  });

  it("keeps a named host or address, bracketing IPv6 and dropping the default port", () => {
    expect(listeningOrigin("127.0.0.1", 41234)).toBe("http://127.0.0.1:41234");
    expect(listeningOrigin("::1", 3000)).toBe("http://[::1]:3000");
    expect(listeningOrigin("Web.Internal", 80)).toBe("http://web.internal");
  });
});
