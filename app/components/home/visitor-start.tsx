import { useTranslation } from "react-i18next";
import { LocaleLink, useLocalize } from "~/components/locale-link";
import { futuresPath } from "~/lib/futures/paths";
import { enterSimulation } from "~/lib/simulation/simulation-mode";
import { spotPath } from "~/lib/trade/paths";

/**
 * The visitor's next step (docs/decisions/722): a guest is asked to sign up (demo trading comes
 * with an account, docs/product.md §5) or to open a market; a user can go straight into demo
 * trading on the spot screen, or open a market.
 */
export function VisitorStart({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation("markets");
  const localize = useLocalize();
  return (
    <section aria-labelledby="start-title" className="card visitor-start">
      <h2 id="start-title">{t(loggedIn ? "start.userTitle" : "start.title")}</h2>
      <p className="muted">{t(loggedIn ? "start.userText" : "start.text")}</p>
      <div className="start-actions">
        {loggedIn ? (
          <button type="button" className="button primary" onClick={() => enterSimulation(localize(spotPath()))}>
            {t("start.demo")}
          </button>
        ) : (
          <LocaleLink to="/register" className="button primary">
            {t("start.signUp")}
          </LocaleLink>
        )}
        {!loggedIn && (
          <LocaleLink to={`/login?redirectTo=${encodeURIComponent(spotPath())}`} className="button">
            {t("start.demoGuest")}
          </LocaleLink>
        )}
        <LocaleLink to={spotPath()} className="button">
          {t("start.openSpot")}
        </LocaleLink>
        <LocaleLink to={futuresPath()} className="button">
          {t("start.openFutures")}
        </LocaleLink>
      </div>
    </section>
  );
}
