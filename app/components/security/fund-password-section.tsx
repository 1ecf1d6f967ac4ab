/**
 * The fund password on the security page (docs/decisions/350, 724): set it with the account's
 * second factor, change it with the old one, reset it with the second factor (withdrawals then
 * wait 24 hours), and choose how often trades ask for it.
 */
import { useRevalidator } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/auth/field";
import { SendCodeButton } from "~/components/auth/send-code-button";
import { FormEnd } from "~/components/ui/form";
import { RadioChoices } from "~/components/ui/radio-choices";
import { FUND_TRADE_MODES, fundApi, fundErrorKey, tradeModeOf, type FundState, type FundTradeMode } from "~/lib/fund/api";
import { showToast } from "~/lib/toast";

type Action = "set" | "change" | "reset" | "mode";

/** A form of the section: its fields, one call, and the refusal in words beside the button. */
function FundForm({ submitLabel, run, children }: { submitLabel: string; run: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation(["fund", "common"]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await run();
    } catch (err) {
      setError(fundErrorKey(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="binding-form">
      {children}
      <FormEnd error={error && t(error)} busy={busy} label={submitLabel} />
    </form>
  );
}

const EMPTY = { old: "", pwd: "", re: "", code: "", google: "", mode: "never" as FundTradeMode };

/** The section itself; `google` says whether the authenticator's code is asked as well. */
export function FundPasswordSection({ state, google }: { state: FundState; google: boolean }) {
  const { t } = useTranslation(["fund", "common"]);
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<Action | null>(null);
  const [f, setF] = useState(EMPTY);
  const mode = tradeModeOf(state);
  const toggle = (a: Action) => {
    setF({ ...EMPTY, mode });
    setOpen(open === a ? null : a);
  };
  const done = (message: string) => {
    showToast(t(message));
    setOpen(null);
    setF(EMPTY);
    revalidator.revalidate();
  };
  const input = (key: "old" | "pwd" | "re" | "code" | "google", label: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      value={f[key]}
      onChange={(e) => setF({ ...f, [key]: e.target.value })}
      autoComplete={key === "code" || key === "google" ? "one-time-code" : key === "old" ? "current-password" : "new-password"}
      type={key === "code" || key === "google" ? "text" : "password"}
      inputMode={key === "code" || key === "google" ? "numeric" : undefined}
      maxLength={key === "code" || key === "google" ? 6 : 32}
      {...extra}
    />
  );
  const newPassword = (
    <>
      {input("pwd", t("fields.new"), { hint: t("hint") })}
      {input("re", t("fields.repeat"))}
    </>
  );
  const factor = (
    <>
      <div className="field-row align-end">
        {input("code", t("fields.code"))}
        <SendCodeButton
          send={async () => {
            try {
              await fundApi.sendCode();
              return true;
            } catch (err) {
              showToast(t(fundErrorKey(err)));
              return false;
            }
          }}
        />
      </div>
      {google && input("google", t("fields.google"))}
    </>
  );
  const factorBody = () => ({
    fundPwd: f.pwd,
    reFundPwd: f.re,
    verifyCode: f.code.trim(),
    googleCode: google ? f.google.trim() : undefined,
  });

  const forms: Record<Action, ReactNode> = {
    set: (
      <FundForm
        submitLabel={t("mode.save")}
        run={async () => {
          await fundApi.set(factorBody());
          done("done.set");
        }}
      >
        {newPassword}
        {factor}
      </FundForm>
    ),
    change: (
      <FundForm
        submitLabel={t("mode.save")}
        run={async () => {
          await fundApi.change({ oldFundPwd: f.old, fundPwd: f.pwd, reFundPwd: f.re });
          done("done.changed");
        }}
      >
        {input("old", t("fields.old"))}
        {newPassword}
      </FundForm>
    ),
    reset: (
      <FundForm
        submitLabel={t("mode.save")}
        run={async () => {
          await fundApi.reset(factorBody());
          done("done.reset");
        }}
      >
        <p className="notice">{t("resetWarning")}</p>
        {newPassword}
        {factor}
      </FundForm>
    ),
    mode: (
      <FundForm
        submitLabel={t("mode.save")}
        run={async () => {
          await fundApi.tradeMode({ tradeMode: f.mode, fundPwd: f.pwd });
          done("done.mode");
        }}
      >
        <RadioChoices
          legend={t("mode.legend")}
          values={FUND_TRADE_MODES}
          value={f.mode}
          onChange={(m) => setF({ ...f, mode: m })}
          label={(m) => t(`mode.${m}`)}
          testId={(m) => `fund-mode-${m}`}
        />
        {input("pwd", t("fields.current"), { autoComplete: "current-password" })}
      </FundForm>
    ),
  };
  const actions: Action[] = state.isFund ? ["change", "reset", "mode"] : ["set"];

  return (
    <section className="card" aria-labelledby="fund-title" data-testid="fund-password">
      <h2 id="fund-title">{t("title")}</h2>
      <p>{t("summary")}</p>
      <p data-testid="fund-status">
        <strong>{t(state.isFund ? "status.on" : "status.off")}</strong>
        {state.isFund && <> · {t("mode.current", { mode: t(`mode.${mode}`) })}</>}
      </p>
      <div className="binding-row">
        {actions.map((a) => (
          <button
            key={a}
            type="button"
            className="button"
            aria-expanded={open === a}
            aria-controls={`fund-form-${a}`}
            onClick={() => toggle(a)}
          >
            {t(`actions.${a}`)}
          </button>
        ))}
      </div>
      {open && <div id={`fund-form-${open}`}>{forms[open]}</div>}
    </section>
  );
}
