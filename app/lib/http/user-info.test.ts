import { describe, expect, it } from "vitest";
import { HttpError } from "./errors";
import { syncUserInfo } from "./user-info";

function store(initial?: string) {
  let value = initial;
  return { get: () => value, set: (v: string | undefined) => void (value = v) };
}

describe("user info in the browser", () => {
  it("stores the user id of a logged-in user", async () => {
    const s = store("old");
    const warnings: string[] = [];
    const sent: unknown[] = [];
    const http = {
      post: async <T>(path: string, body?: unknown) => (sent.push([path, body]), { userInfo: { userId: "1234567890" } } as T),
    };
    expect(await syncUserInfo(http, s, "de", (m) => warnings.push(m))).toBe("1234567890");
    expect(s.get()).toBe("1234567890");
    expect(sent).toEqual([["/v1/user/overview/userinfo", { locale: "de" }]]);
    expect(warnings).toEqual([]);
  });

  it("clears the stored id and warns when the call fails or names no user", async () => {
    for (const post of [
      async () => {
        throw new HttpError("code", "Please log in", 200, "00004");
      },
      async () => ({ userInfo: { userId: "" } }),
      async () => null,
    ]) {
      const s = store("1234567890");
      const warnings: string[] = [];
      expect(await syncUserInfo({ post: post as never }, s, "en", (m) => warnings.push(m))).toBeUndefined();
      expect(s.get()).toBeUndefined();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain("stored user id was cleared");
    }
  });
});
