import i18next, { type BackendModule } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import common from "~/locales/en/common.json";
import { ConfirmDialog } from "./confirm-dialog";

/** An i18next whose other namespaces are still on their way (docs/decisions/725), as in the browser before the idle preload. */
function loadingI18n(later: Record<string, Record<string, string>> = {}) {
  const backend: BackendModule = {
    type: "backend",
    init() {},
    read(_language, namespace, callback) {
      const texts = later[namespace];
      if (texts) callback(null, texts); // otherwise never answers: the namespace stays loading
    },
  };
  const instance = i18next.createInstance();
  void instance
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: "en",
      fallbackLng: "en",
      resources: { en: { common } },
      ns: ["common"],
      defaultNS: "common",
      partialBundledLanguages: true,
      initImmediate: false,
    });
  return instance;
}

function LaterText() {
  const { t } = useTranslation("later");
  return <p>{t("body")}</p>;
}

const dialog = (i18n: ReturnType<typeof loadingI18n>) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ConfirmDialog title="Transfer" confirm="Confirm" cancel="Cancel" onConfirm={() => {}} onCancel={() => {}}>
        <LaterText />
      </ConfirmDialog>
    </I18nextProvider>,
  );

describe("ConfirmDialog's body waits for texts still loading (TextsBoundary)", () => {
  it("shows a labelled wait in the body while its namespace loads, and keeps the title and buttons", () => {
    const html = dialog(loadingI18n());
    expect(html).toContain(
      '<p class="texts-wait" role="status" data-testid="texts-wait"><span class="spinner" aria-hidden="true"></span>Loading…</p>',
    );
    expect(html).toContain("<h2");
    expect(html).toContain(">Transfer</h2>");
    expect(html).toContain(">Confirm</button>");
    expect(html).not.toContain("body");
  });

  it("shows the body's own words once its namespace is there", async () => {
    const i18n = loadingI18n({ later: { body: "Moved between accounts" } });
    await i18n.loadNamespaces("later");
    const html = dialog(i18n);
    expect(html).toContain("<p>Moved between accounts</p>");
    expect(html).not.toContain("texts-wait");
  });
});
