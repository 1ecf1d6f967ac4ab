import { useTranslation } from "react-i18next";
import type { ConverterState } from "~/utils/wiki.server";

/**
 * Coin ⇄ currency converter. Without scripts it is a GET form the server computes (the button
 * pressed decides the direction; Enter converts the coins); the wiki-converter bundle computes as one types, from the
 * price and rates written on the form.
 */
export function Converter({ coin, state }: { coin: string; state: ConverterState }) {
  const { t } = useTranslation("wiki");
  return (
    <section aria-labelledby="converter-title" className="card">
      <h2 id="converter-title">{t("converter.title", { coin })}</h2>
      <form
        method="get"
        action="#converter-title"
        className="converter"
        data-converter
        data-price={state.priceUsdt}
        data-rates={JSON.stringify(state.rates)}
      >
        <div className="field">
          <label htmlFor="conv-coin">{t("converter.coinAmount", { coin })}</label>
          <input id="conv-coin" name="coinAmount" inputMode="decimal" autoComplete="off" maxLength={40} defaultValue={state.coinAmount} />
        </div>
        <div className="field">
          <label htmlFor="conv-fiat-code">{t("converter.currency")}</label>
          <select id="conv-fiat-code" name="fiat" defaultValue={state.fiat}>
            {Object.keys(state.rates).map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="conv-fiat">{t("converter.fiatAmount")}</label>
          <input id="conv-fiat" name="fiatAmount" inputMode="decimal" autoComplete="off" maxLength={40} defaultValue={state.fiatAmount} />
        </div>
        <p className="converter-error" role="alert" data-converter-error hidden={!state.invalid}>
          {t("converter.invalid")}
        </p>
        <div className="converter-actions">
          <button type="submit" name="from" value="coin" className="button primary">
            {t("converter.toFiat")}
          </button>
          <button type="submit" name="from" value="fiat" className="button">
            {t("converter.toCoin", { coin })}
          </button>
        </div>
      </form>
    </section>
  );
}
