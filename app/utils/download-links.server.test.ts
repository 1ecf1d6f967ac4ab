import { describe, expect, it, vi } from "vitest";
import { downloadLinks } from "./download-links.server";

const policy = {
  hosts: ["mix.example"],
  addresses: ["https://apps.apple.com/app/mix-exchange", "https://play.google.com/store/apps/details"],
};

describe("the app links of /download", () => {
  it("shows what is configured and allowed, with an absolute address for the QR code", () => {
    const links = downloadLinks(policy, "https://mix.example", {
      DOWNLOAD_IOS_URL: "https://apps.apple.com/app/mix-exchange/id123",
      DOWNLOAD_APK_URL: "https://www.mix.example/downloads/mix.apk",
    });
    expect(links).toEqual([
      { kind: "ios", href: "https://apps.apple.com/app/mix-exchange/id123", qr: "https://apps.apple.com/app/mix-exchange/id123" },
      { kind: "apk", href: "/downloads/mix.apk", qr: "https://mix.example/downloads/mix.apk" },
    ]);
  });

  it("leaves out what is unset, empty, or refused by the link allow-list", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(
      downloadLinks(policy, "https://mix.example", {
        DOWNLOAD_IOS_URL: "",
        DOWNLOAD_ANDROID_URL: "javascript:alert(1)",
        DOWNLOAD_APK_URL: "https://evil.example/mix.apk",
      }),
    ).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
