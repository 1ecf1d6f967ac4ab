import { useTranslation } from "react-i18next";
import type { EventState } from "../../../protocol/events";
import { COMPETITION_IDS } from "~/lib/events/competition-config";

export interface JoinPanelProps {
  state: EventState;
  loggedIn: boolean;
  enrolled: boolean;
  loginHref: string;
  spotHref: string;
}

/** Taking part: what this visitor can do now, decided by the server; the button is the bundle's to press. */
export function JoinPanel({ state, loggedIn, enrolled, loginHref, spotHref }: JoinPanelProps) {
  const { t } = useTranslation("events");
  let body: React.ReactNode;
  if (state === "ended") body = <p>{t("join.ended")}</p>;
  else if (state === "upcoming") body = <p>{t("join.notStarted")}</p>;
  else if (!loggedIn)
    body = (
      <a className="button primary" href={loginHref}>
        {t("join.loginFirst")}
      </a>
    );
  else if (enrolled) body = <p>{t("join.joined")}</p>;
  else
    body = (
      <>
        <button type="button" id={COMPETITION_IDS.join} className="button primary">
          {t("join.button")}
        </button>
        <noscript>
          <p>{t("join.needsJs")}</p>
        </noscript>
      </>
    );
  return (
    <section className="card join" aria-labelledby="join-title">
      <h2 id="join-title">{t("join.title")}</h2>
      {body}
      <p id={COMPETITION_IDS.joinStatus} role="status" aria-live="polite" />
      {state === "live" && loggedIn ? (
        <p>
          <a href={spotHref}>{t("join.trade")}</a> — {t("join.howTo")}
        </p>
      ) : null}
    </section>
  );
}
