import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { LOCALES } from "../../protocol/locales";
import { isPrefKey } from "~/lib/prefs/cookie-prefs";
import { usePageRates } from "~/lib/prefs/page-rates";
import { usePagePrefs, useSetPref } from "~/lib/prefs/use-page-prefs";

function Choice({ name, value, checked, label }: { name: string; value: string; checked: boolean; label: string }) {
  return (
    <label className="choice">
      <input type="radio" name={name} value={value} checked={checked} readOnly />
      {label}
    </label>
  );
}

/**
 * Language, currency, theme, side panel and balance visibility (docs/product.md). A disclosure with a
 * real form: with scripts each change applies at once; without, "Save" posts and comes back.
 */
export function SettingsPanel() {
  const { t } = useTranslation("settings");
  const prefs = usePagePrefs();
  const rates = usePageRates();
  const setPref = useSetPref();
  const { pathname, search } = useLocation();
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const el = details.current;
    if (!el) return;
    const close = (e: Event) => {
      if (!el.open) return;
      if (e instanceof KeyboardEvent && e.key === "Escape") {
        el.open = false;
        el.querySelector("summary")?.focus();
      } else if (e.type === "pointerdown" && !el.contains(e.target as Node)) el.open = false;
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, []);

  const onChange = (e: ChangeEvent<HTMLFormElement>) => {
    const el = e.target as unknown as HTMLInputElement | HTMLSelectElement;
    if (!isPrefKey(el.name)) return;
    setPref(el.name, el instanceof HTMLInputElement && el.type === "checkbox" ? String(el.checked) : el.value);
  };

  const currencies = rates.supported.length ? rates.supported : [{ value: prefs.currency, name: prefs.currency, symbol: "" }];
  return (
    <details className="settings" ref={details}>
      <summary className="button icon" aria-label={t("open")} title={t("open")}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1c.5.4 1.1.7 1.7 1L11 21h4l.4-2.9c.6-.3 1.2-.6 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"
          />
        </svg>
      </summary>
      <form method="post" action="/prefs" className="popover" onChange={onChange} aria-labelledby="settings-title">
        <h2 id="settings-title">{t("title")}</h2>
        <input type="hidden" name="redirectTo" value={pathname + search} />
        <label className="field">
          {t("language")}
          <select name="language" value={prefs.languageChoice} onChange={() => undefined}>
            {LOCALES.filter((l) => !l.hidden).map((l) => (
              <option key={l.key} value={l.key} lang={l.intl}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {t("currency")}
          <select name="unit" value={prefs.currency} onChange={() => undefined}>
            {currencies.map((f) => (
              <option key={f.value} value={f.value}>
                {f.symbol ? `${f.name} (${f.symbol})` : f.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="field">
          <legend>{t("theme")}</legend>
          <Choice name="theme" value="white" checked={prefs.theme === "white"} label={t("themeWhite")} />
          <Choice name="theme" value="black" checked={prefs.theme === "black"} label={t("themeBlack")} />
        </fieldset>
        <fieldset className="field">
          <legend>{t("layout")}</legend>
          <Choice name="layout" value="left" checked={prefs.layout === "left"} label={t("layoutLeft")} />
          <Choice name="layout" value="right" checked={prefs.layout === "right"} label={t("layoutRight")} />
        </fieldset>
        <label className="field">
          {t("valuation")}
          <select name="valuationUnit" value={prefs.valuationUnit} onChange={() => undefined}>
            <option value="1">{prefs.currency}</option>
            <option value="2">USDT</option>
            <option value="3">BTC</option>
          </select>
        </label>
        <label className="choice">
          <input type="hidden" name="showAsset" value="false" />
          <input type="checkbox" name="showAsset" value="true" checked={prefs.showAsset} readOnly />
          {t("showAssets")}
        </label>
        <noscript>
          <button type="submit" className="button primary block">
            {t("save")}
          </button>
        </noscript>
      </form>
    </details>
  );
}
