import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
  };
}
const blocked = new Proxy({} as Storage, {
  get: () => {
    throw new DOMException("blocked", "SecurityError");
  },
});

describe("device identity", () => {
  let cookie: string;
  beforeEach(() => {
    vi.resetModules();
    cookie = "";
    vi.stubGlobal("document", {
      documentElement: { dataset: { locale: "ja" } },
      get cookie() {
        return cookie;
      },
      set cookie(v: string) {
        cookie = [cookie, v.split(";")[0]].filter(Boolean).join("; ");
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the terminal code and device id in local storage when it works", async () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    const { browserIdentity, terminalCodeStorage } = await import("./device-identity");
    const first = browserIdentity();
    expect(terminalCodeStorage()).toBe("localStorage");
    expect(first).toMatchObject({ locale: "ja", languageType: 2, paperTrading: false });
    expect(first.terminalCode).toMatch(/^[0-9a-f]{32}$/);
    expect(storage.getItem("common:terminalCode")).toBe(first.terminalCode);
    expect(browserIdentity()).toEqual(first);
    expect(cookie).toBe("");
  });

  it("falls back to a cookie for the terminal code when local storage is blocked", async () => {
    vi.stubGlobal("localStorage", blocked);
    const { terminalCode, terminalCodeStorage } = await import("./device-identity");
    expect(terminalCodeStorage()).toBe("cookie");
    const code = terminalCode();
    expect(cookie).toBe(`terminalCode=${code}`);
    expect(terminalCode()).toBe(code);
  });

  it("replaces a foreign stored value and remembers the last user", async () => {
    const storage = memoryStorage();
    storage.setItem("common:terminalCode", "not-hex");
    vi.stubGlobal("localStorage", storage);
    const { terminalCode, lastUser } = await import("./device-identity");
    expect(terminalCode()).toMatch(/^[0-9a-f]{32}$/);
    expect(lastUser.get()).toBeUndefined();
    lastUser.set("1234567890");
    expect(lastUser.get()).toBe("1234567890");
    lastUser.set(undefined);
    expect(storage.getItem("common:globalUserId")).toBeNull();
  });
});
