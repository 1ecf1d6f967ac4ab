import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FUTURES_AGREEMENT_VERSION, FUTURES_OPENING_PATH, FUTURES_QUIZ, type QuizId } from "../../../protocol/futures-opening";
import { PATHS } from "../../../protocol/paths";
import type { UserInfoResponse } from "../../../protocol/user-info";
import { browserHttp } from "~/lib/http/browser-client";
import { HttpError } from "~/lib/http/errors";
import { useSimulationMode } from "~/lib/simulation/simulation-mode";

/**
 * The futures screen's order form, or the opening step in its place (docs/decisions/351): a live
 * account that has not opened futures (user info `oc`) reads the risk agreement and answers the
 * quiz first. Guests and demo trading see the form (a guest's asks to log in; demo needs no opening).
 */
export function FuturesOpeningGate({ loggedIn, children }: { loggedIn: boolean; children: ReactNode }) {
  const demo = useSimulationMode();
  const [open, setOpen] = useState<boolean>();
  const asks = loggedIn && !demo;
  useEffect(() => {
    if (!asks) return;
    let current = true;
    browserHttp()
      .post<UserInfoResponse>(PATHS.userInfo, {})
      // an unreadable answer shows the form: the gateway refuses an unopened account's order anyway
      .then((d) => current && setOpen(d?.settings?.oc !== false))
      .catch(() => current && setOpen(true));
    return () => {
      current = false;
    };
  }, [asks]);
  if (!asks || open === true) return <>{children}</>;
  if (open === undefined) return <section className="card trade-card order-panel" aria-busy="true" />;
  return <FuturesOpening onOpened={() => setOpen(true)} />;
}

type Answers = Partial<Record<QuizId, string>>;

/** The agreement, then the quiz; every answer right opens futures through the gateway. */
export function FuturesOpening({ onOpened }: { onOpened: () => void }) {
  const { t } = useTranslation("futopen");
  const ids = useId();
  const [step, setStep] = useState<"agreement" | "quiz">("agreement");
  const [accepted, setAccepted] = useState(false);
  const [answers, setAnswers] = useState<Answers>({});
  const [checked, setChecked] = useState<Answers>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const wrong = FUTURES_QUIZ.filter((q) => checked[q.id] !== undefined && checked[q.id] !== q.answer);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (FUTURES_QUIZ.some((q) => !answers[q.id])) return setError(t("quiz.unanswered"));
    setChecked(answers);
    if (FUTURES_QUIZ.some((q) => answers[q.id] !== q.answer)) return;
    setBusy(true);
    try {
      await browserHttp().post(FUTURES_OPENING_PATH, { agreement: FUTURES_AGREEMENT_VERSION, answers });
      onOpened();
    } catch (err) {
      setError(t("failed", { msg: err instanceof HttpError ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card trade-card order-panel futures-opening" aria-labelledby={`${ids}-title`} data-testid="futures-opening">
      <h2 id={`${ids}-title`}>{t("title")}</h2>
      <p>{t("intro")}</p>
      {step === "agreement" ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (accepted) setStep("quiz");
          }}
        >
          <h3>{t("agreement.title")}</h3>
          <ul>
            <li>{t("agreement.leverage")}</li>
            <li>{t("agreement.liquidation")}</li>
            <li>{t("agreement.funding")}</li>
          </ul>
          <label className="choice">
            <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
            {t("agreement.accept")}
          </label>
          <p className="actions">
            <button type="submit" className="button primary" disabled={!accepted}>
              {t("agreement.continue")}
            </button>
          </p>
        </form>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <h3>{t("quiz.title")}</h3>
          {FUTURES_QUIZ.map((q) => {
            const isWrong = wrong.some((w) => w.id === q.id);
            return (
              <fieldset key={q.id} className="futures-quiz-question" aria-describedby={isWrong ? `${ids}-${q.id}-why` : undefined}>
                <legend>{t(`quiz.${q.id}.q`)}</legend>
                {q.options.map((o) => (
                  <label key={o} className="choice">
                    <input
                      type="radio"
                      name={`${ids}-${q.id}`}
                      value={o}
                      checked={answers[q.id] === o}
                      onChange={() => setAnswers((a) => ({ ...a, [q.id]: o }))}
                    />
                    {t(`quiz.${q.id}.${o}`)}
                  </label>
                ))}
                {isWrong && (
                  <p id={`${ids}-${q.id}-why`} role="alert" className="notice error">
                    {t("quiz.wrong", { why: t(`quiz.${q.id}.why`) })}
                  </p>
                )}
              </fieldset>
            );
          })}
          {error && (
            <p role="alert" className="notice error">
              {error}
            </p>
          )}
          <p className="actions">
            <button type="submit" className="button primary" disabled={busy}>
              {t("quiz.submit")}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
