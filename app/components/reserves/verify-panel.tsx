import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { RESERVES_CODES, RESERVES_PATHS, type InclusionProof, type ReservesSnapshot } from "../../../protocol/reserves";
import { LocaleLink } from "~/components/locale-link";
import { useLoginTo } from "~/components/trade/screen-parts";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { checkProof, type CheckStep, type ProofCheck } from "~/lib/reserves/check-proof";
import { unitsToDecimal } from "~/lib/reserves/amounts";
import { showToast } from "~/lib/toast";

type State =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "ready"; proof: InclusionProof; check: ProofCheck }
  | { state: "error"; error: unknown };

/** A proof as a file to keep and check with the script of docs/proof-of-reserves.md. */
function useProofFile(proof: InclusionProof | undefined): string | undefined {
  const url = useMemo(
    () => (proof ? URL.createObjectURL(new Blob([JSON.stringify(proof, null, 2)], { type: "application/json" })) : undefined),
    [proof],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function StepLine({ step }: { step: CheckStep }) {
  const { t } = useTranslation("reserves");
  const label = step.kind === "node" ? t("por.stepNode", { level: step.level }) : t(`por.step.${step.kind}`);
  return (
    <li className={step.ok ? "por-step ok" : "por-step failed"} data-testid="verify-step">
      <span>{label}</span> <strong>{step.ok ? t("por.passed") : t("por.failedStep")}</strong>
      {step.hash && <code className="por-hash">{step.hash}</code>}
    </li>
  );
}

function Result({ proof, check, snapshot }: { proof: InclusionProof; check: ProofCheck; snapshot: ReservesSnapshot }) {
  const { t } = useTranslation("reserves");
  const { intl } = usePagePrefs();
  const file = useProofFile(proof);
  const failed = check.steps.find((s) => !s.ok);
  const where = failed && (failed.kind === "node" ? t("por.stepNode", { level: failed.level }) : t(`por.step.${failed.kind}`));
  const held = proof.assets.map((coin, i) => ({ coin, amount: proof.balances[i] ?? "0" })).filter((b) => b.amount !== "0");
  return (
    <>
      <p role="status" className={check.ok ? "notice success" : "notice error"} data-testid="verify-result">
        {check.ok ? t("por.verified") : t("por.failed", { where })}
      </p>
      <h3>{t("por.yourBalances", { id: snapshot.snapshotId })}</h3>
      <ul className="por-balances" data-testid="my-balances">
        {held.map((b) => (
          <li key={b.coin}>
            {b.coin}: {formatNumber(unitsToDecimal(b.amount) ?? "", intl, { maxDigits: 8 })}
          </li>
        ))}
      </ul>
      <ol className="por-steps">
        {check.steps.map((s, i) => (
          <StepLine key={i} step={s} />
        ))}
      </ol>
      {file && (
        <a className="button" href={file} download={`proof-of-reserves-${proof.snapshotId}.json`} data-testid="proof-download">
          {t("por.download")}
        </a>
      )}
      <p className="muted">{t("por.howTo")}</p>
    </>
  );
}

/** "Verify my balance": the caller's proof, fetched and checked here with WebCrypto, each step shown. */
export function VerifyPanel({ snapshot, loggedIn }: { snapshot: ReservesSnapshot; loggedIn: boolean }) {
  const { t } = useTranslation(["reserves", "common"]);
  const loginTo = useLoginTo();
  const [value, setValue] = useState<State>({ state: "idle" });
  const verify = async () => {
    setValue({ state: "loading" });
    try {
      const proof = await browserHttp().post<InclusionProof>(RESERVES_PATHS.proof, {});
      const check = await checkProof(proof, snapshot);
      setValue({ state: "ready", proof, check });
      showToast(check.ok ? t("por.toastVerified") : t("por.toastFailed"), check.ok ? "message" : "notice");
    } catch (error) {
      setValue({ state: "error", error });
    }
  };
  return (
    <section className="card" aria-labelledby="por-verify-title" aria-busy={value.state === "loading"}>
      <h2 id="por-verify-title">{t("por.verifyTitle")}</h2>
      <p>{t("por.verifyIntro")}</p>
      {loggedIn ? (
        <button type="button" className="button primary" onClick={() => void verify()} disabled={value.state === "loading"}>
          {value.state === "loading" ? t("por.verifying") : t("por.verifyButton")}
        </button>
      ) : (
        <LocaleLink className="button primary" to={loginTo}>
          {t("por.loginToVerify")}
        </LocaleLink>
      )}
      {value.state === "error" && (
        <p role="alert" className="notice error">
          {(value.error as { code?: unknown } | null)?.code === RESERVES_CODES.notInSnapshot
            ? t("por.notInSnapshot")
            : t(`common:${errorKey(value.error)}`)}
        </p>
      )}
      {value.state === "ready" && <Result proof={value.proof} check={value.check} snapshot={snapshot} />}
    </section>
  );
}
