import { describe, expect, it, vi } from "vitest";
import { memoryCookieJar, memoryStorage } from "./storage";
import { TERMINAL_CODE_KEYS } from "~/lib/http/device-identity";
import { settleTerminalCode } from "./terminal-code";

const LOCAL = TERMINAL_CODE_KEYS.local;

const A = "a".repeat(32);
const B = "b".repeat(32);
const C = "c".repeat(32);

function setup(storageType: "localStorage" | "cookie" = "localStorage") {
  const local = memoryStorage();
  const cookies = memoryCookieJar();
  const waits: number[] = [];
  let during: () => void = () => undefined;
  const opts = {
    local,
    cookies,
    storageType,
    create: vi.fn(() => C),
    wait: async (ms: number) => {
      waits.push(ms);
      during();
    },
  };
  return { local, cookies, waits, opts, whileWaiting: (fn: () => void) => (during = fn) };
}

describe("terminal code", () => {
  it("takes a stored code at once", async () => {
    const s = setup();
    s.local.setItem(LOCAL, A);
    await expect(settleTerminalCode(s.opts)).resolves.toBe(A);
    expect(s.waits).toEqual([]);
  });

  it("waits 1000 ms when none is stored, and takes the one another tab wrote meanwhile", async () => {
    const s = setup();
    s.whileWaiting(() => s.local.setItem(LOCAL, B));
    await expect(settleTerminalCode(s.opts)).resolves.toBe(B);
    expect(s.waits).toEqual([1000]);
    expect(s.opts.create).not.toHaveBeenCalled();
  });

  it("creates and keeps one when none appears", async () => {
    const s = setup();
    await expect(settleTerminalCode(s.opts)).resolves.toBe(C);
    expect(s.local.getItem(LOCAL)).toBe(C);
  });

  it("on a conflict between local storage and the cookie waits 1000 ms and keeps the configured place's", async () => {
    const s = setup();
    s.local.setItem(LOCAL, A);
    s.cookies.write(`terminalCode=${B}`);
    await expect(settleTerminalCode(s.opts)).resolves.toBe(A);
    expect(s.waits).toEqual([1000]);

    const c = setup("cookie");
    c.local.setItem(LOCAL, A);
    c.cookies.write(`terminalCode=${B}`);
    await expect(settleTerminalCode(c.opts)).resolves.toBe(B);
  });

  it("moves a code from the other place into the configured one", async () => {
    const s = setup("cookie");
    s.local.setItem(LOCAL, A);
    await expect(settleTerminalCode(s.opts)).resolves.toBe(A);
    expect(s.cookies.read()).toContain(`terminalCode=${A}`);
  });

  it("ignores values that are not codes", async () => {
    const s = setup();
    s.local.setItem(LOCAL, "<script>");
    await expect(settleTerminalCode(s.opts)).resolves.toBe(C);
  });
});
