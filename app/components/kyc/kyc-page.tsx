/**
 * `/account/kyc` (docs/decisions/352): the account's identity level and the daily withdrawal limit
 * of each level; level 1's personal details, checked as the gateway checks them; level 2's document
 * photo and selfie, each shrunk in the browser, uploaded, and shown back from the gateway (to the
 * owner only); and the state of the latest application, read again while it waits for review.
 */
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  basicProblems,
  IMAGE_KINDS,
  KYC_COUNTRIES,
  KYC_LEVELS,
  KYC_NAME_MAX,
  KYC_PATHS,
  normaliseBasic,
  type BasicDetails,
  type ImageKind,
} from "../../../protocol/kyc";
import { Field } from "~/components/auth/field";
import { FieldNotes, FormEnd, bind } from "~/components/ui/form";
import { useAsync } from "~/lib/async-state";
import { formatCoin } from "~/lib/i18n/format";
import { kyc, shrinkPhoto, type KycInfo } from "~/lib/kyc/api";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { showToast } from "~/lib/toast";

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function BasicForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation("kyc");
  const { intl } = usePagePrefs();
  const [form, setForm] = useState<BasicDetails>({ realName: "", country: "", birthDate: "", idNumber: "" });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const countryId = useId();
  const names = useMemo(() => {
    const display = new Intl.DisplayNames([intl, "en"], { type: "region" });
    return KYC_COUNTRIES.map((c) => ({ code: c, name: display.of(c) ?? c })).sort((a, b) => a.name.localeCompare(b.name, intl));
  }, [intl]);
  const problems = basicProblems(normaliseBasic(form), Date.now());
  const err = (k: keyof BasicDetails) => (tried && problems[k] ? `kyc:err.${problems[k]}` : undefined);
  return (
    <form
      noValidate
      aria-labelledby="kyc-basic-title"
      onSubmit={async (e) => {
        e.preventDefault();
        setTried(true);
        if (Object.keys(problems).length > 0) return;
        setBusy(true);
        setError(undefined);
        try {
          await kyc.submitBasic(normaliseBasic(form));
          showToast(t("submitted"));
          onSent();
        } catch (x) {
          setError(t("failed", { msg: message(x) }));
        }
        setBusy(false);
      }}
    >
      <h2 id="kyc-basic-title">{t("basicTitle")}</h2>
      <Field label={t("name")} maxLength={KYC_NAME_MAX} autoComplete="name" error={err("realName")} {...bind(form, setForm, "realName")} />
      <div className="field">
        <label htmlFor={countryId}>{t("country")}</label>
        <select
          id={countryId}
          value={form.country}
          aria-invalid={err("country") ? true : undefined}
          aria-describedby={err("country") ? `${countryId}-error` : undefined}
          onChange={(e) => setForm({ ...form, country: e.target.value })}
        >
          <option value="">{t("choose")}</option>
          {names.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldNotes id={countryId} error={err("country") && t(err("country") as string)} />
      </div>
      <Field label={t("birthDate")} type="date" autoComplete="bday" error={err("birthDate")} {...bind(form, setForm, "birthDate")} />
      <Field
        label={t("idNumber")}
        maxLength={30}
        autoComplete="off"
        spellCheck={false}
        error={err("idNumber")}
        {...bind(form, setForm, "idNumber")}
      />
      <FormEnd busy={busy} label={t("submit")} error={error} />
    </form>
  );
}

function PhotoField({ kind, onFile, version }: { kind: ImageKind; onFile: boolean; version: number }) {
  const { t } = useTranslation("kyc");
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [shown, setShown] = useState(version);
  return (
    <div className="field kyc-photo">
      <label htmlFor={id}>{t(kind)}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        data-testid={`kyc-${kind}`}
        disabled={busy}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          setBusy(true);
          setProblem(undefined);
          const image = await shrinkPhoto(file);
          if (!image) setProblem(t("notImage"));
          else {
            try {
              await kyc.upload(kind, image);
              showToast(t("uploaded"));
              setShown(Date.now());
            } catch (x) {
              setProblem(t("failed", { msg: message(x) }));
            }
          }
          setBusy(false);
        }}
      />
      <FieldNotes id={id} hint={onFile || shown !== version ? t("onFile") : undefined} error={problem} />
      {(onFile || shown !== version) && (
        <img className="kyc-preview" src={`${KYC_PATHS.image}?kind=${kind}&v=${shown}`} alt={t(kind)} width={160} />
      )}
    </div>
  );
}

function AdvancedForm({ info, onSent }: { info: KycInfo; onSent: () => void }) {
  const { t } = useTranslation("kyc");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      aria-labelledby="kyc-advanced-title"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
          await kyc.submitAdvanced();
          showToast(t("submitted"));
          onSent();
        } catch (x) {
          setError(t("failed", { msg: message(x) }));
        }
        setBusy(false);
      }}
    >
      <h2 id="kyc-advanced-title">{t("advancedTitle")}</h2>
      <p>{t("advancedIntro")}</p>
      {IMAGE_KINDS.map((k) => (
        <PhotoField key={k} kind={k} onFile={info.photos[k]} version={0} />
      ))}
      <FormEnd busy={busy} label={t("submit")} error={error} />
    </form>
  );
}

export function KycPage() {
  const { t } = useTranslation("kyc");
  const { intl } = usePagePrefs();
  const [info, reload] = useAsync(kyc.info);
  const waiting = info.state === "ready" && info.data.application?.status === "pending";
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(reload, 3000);
    return () => clearInterval(timer);
  }, [waiting, reload]);
  const data = info.state === "ready" ? info.data : undefined;
  const app = data?.application;
  return (
    <section className="card kyc-page" aria-labelledby="kyc-title" aria-busy={info.state === "loading"}>
      <h1 id="kyc-title">{t("title")}</h1>
      {info.state === "error" && (
        <p role="alert" className="notice error">
          {t("failed", { msg: message(info.error) })}
        </p>
      )}
      {data && (
        <>
          <p>
            {t("yourLevel")}: <strong data-testid="kyc-level">{t("level", { level: data.level })}</strong> — {t(`levelName.${data.level}`)}
          </p>
          <table className="kyc-limits">
            <caption>{t("limitsTitle")}</caption>
            <tbody>
              {KYC_LEVELS.map((l) => (
                <tr key={l} aria-current={l === data.level ? "true" : undefined}>
                  <th scope="row">{t("level", { level: l })}</th>
                  <td>{t("limitRow", { amount: formatCoin(data.limits[l], "USDT", intl) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div aria-live="polite" data-testid="kyc-status">
            {app?.status === "pending" && <p className="notice">{t("status.pending", { level: app.level })}</p>}
            {app?.status === "rejected" && (
              <p role="alert" className="notice error">
                {t("status.rejected", { level: app.level, reason: app.reason })}
              </p>
            )}
          </div>
          {data.subAccount ? (
            <p className="notice">{t("subAccount")}</p>
          ) : waiting ? null : data.level === 0 ? (
            <BasicForm onSent={reload} />
          ) : data.level === 1 ? (
            <AdvancedForm info={data} onSent={reload} />
          ) : (
            <p className="notice">{t("done")}</p>
          )}
        </>
      )}
    </section>
  );
}
