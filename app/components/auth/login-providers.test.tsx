import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/lib/i18n/instance";
import account from "~/locales/en/account.json";
import common from "~/locales/en/common.json";
import type { LoginConfig } from "../../../protocol/account-paths";
import { LoginProviders } from "./login-providers";

const render = (providers: LoginConfig["providers"]) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n("en", { en: { common, account } })}>
      <LoginProviders providers={providers} />
    </I18nextProvider>,
  );

describe("login providers", () => {
  it("renders nothing when the gateway lists no provider (the embedded gateway)", () => {
    expect(render([])).toBe("");
  });

  it("renders a link for each provider a gateway lists, to its start path", () => {
    const html = render([
      { id: "google", startUrl: "/v1/user/public/third/google/start" },
      { id: "qr", startUrl: "/login/qr" },
    ]);
    expect(html).toContain('aria-label="Other ways to log in"');
    expect(html).toContain('<a class="button block" href="/v1/user/public/third/google/start">Continue with Google</a>');
    expect(html).toContain(">Log in with a QR code</a>");
    expect(html).not.toContain("Apple");
  });

  it("drops a start that would leave the site", () => {
    expect(
      render([
        { id: "apple", startUrl: "https://evil.example/" },
        { id: "wallet", startUrl: "//evil.example/" },
      ]),
    ).toBe("");
  });
});
