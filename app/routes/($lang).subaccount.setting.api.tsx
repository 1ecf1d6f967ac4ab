import { LocaleLink } from "~/components/locale-link";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { privateMeta } from "~/lib/i18n/meta";
import { formatDateTime } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { ACCOUNT_PATHS, type SecondFactor } from "../../protocol/account-paths";
import { showToast } from "~/lib/toast";
import { SecurityPage } from "~/components/security/security-page";
import { AsyncCard } from "~/components/ui/async-card";
import { FormEnd } from "~/components/ui/form";
import { DataTable, type Column } from "~/components/ui/data-table";
import { useAsync } from "~/lib/async-state";
import { SecondFactorField, secondFactorFields } from "~/components/security/second-factor-field";
import { refusal, type FieldErrors } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { useAction } from "~/lib/use-action";
import { showFound, useSubmit } from "~/lib/use-submit";
import { requireUserLoader } from "~/utils/user.server";

export const meta = privateMeta("api.title");
export const loader = requireUserLoader;

interface Key {
  apiKey: string;
  label: string;
  permissions: string[];
  ipAllow: string[];
  createdAt: number;
  /** Held after a password reset until re-confirmed with the second factor (docs/decisions/506). */
  suspended: boolean;
  /** Has `withdraw` but no IP list: reads and trades, its withdrawals are refused until it has one (docs/decisions/342). */
  withdrawSuspended?: boolean;
}

const PERMISSION_KEYS: Record<string, string> = { read: "api.read", trade: "api.trade", withdraw: "api.withdraw" };

/** Lifts a key's hold with the second factor. */
function Reconfirm({ apiKey, label, factor, done }: { apiKey: string; label: string; factor: SecondFactor; done(): void }) {
  const { t } = useTranslation("common");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, onSubmit } = useSubmit({
    check: () => showFound(/^\d{6}$/.test(code.trim()) ? {} : { code: "auth.errors.code" }, setErrors),
    send: async () => {
      await browserHttp().post(ACCOUNT_PATHS.apiKeyReconfirm, { apiKey, ...secondFactorFields(factor, code) });
      showToast(t("api.reconfirmed"));
      done();
    },
    failed: (err) => setErrors(refusal(err)),
  });
  return (
    <form className="card binding-form" onSubmit={onSubmit} noValidate aria-label={t("api.reconfirmTitle", { label })}>
      <h2>{t("api.reconfirmTitle", { label })}</h2>
      <SecondFactorField factor={factor} value={code} onChange={setCode} error={errors.code} onError={setErrors} />
      <FormEnd error={errors.form && t(errors.form)} busy={busy} disabled={factor.kind === "none"} label={t("api.reconfirm")} />
    </form>
  );
}

export default function ApiKeys() {
  const { t } = useTranslation("common");
  const { intl } = usePagePrefs();
  const load = useCallback(() => browserHttp().post<{ list: Key[]; secondFactor: SecondFactor }>(ACCOUNT_PATHS.apiKeyList, {}), []);
  const [keys, reload] = useAsync(load);
  const [confirming, setConfirming] = useState<string | null>(null);
  const held = keys.state === "ready" ? keys.data.list.filter((k) => k.suspended) : [];
  const noIps = keys.state === "ready" && keys.data.list.some((k) => k.withdrawSuspended);
  const target = held.find((k) => k.apiKey === confirming);
  const act = useAction();
  const revoke = (apiKey: string) => act(() => browserHttp().post(ACCOUNT_PATHS.apiKeyRevoke, { apiKey }), t("api.revoked"), reload);
  const columns: ReadonlyArray<Column<Key>> = [
    { header: t("api.label"), rowHeader: true, cell: (k) => k.label },
    { header: t("api.apiKey"), cell: (k) => <code>{k.apiKey}</code> },
    { header: t("api.permissions"), cell: (k) => k.permissions.map((p) => t(PERMISSION_KEYS[p] ?? "api.read")).join(", ") },
    { header: t("api.ipsColumn"), cell: (k) => k.ipAllow.join(", ") || "—" },
    {
      header: t("api.status"),
      cell: (k) => t(k.suspended ? "api.suspended" : k.withdrawSuspended ? "api.withdrawSuspended" : "api.active"),
    },
    { header: t("api.created"), cell: (k) => formatDateTime(k.createdAt, intl, "date") },
    {
      header: <span className="visually-hidden">{t("security.actions")}</span>,
      cellClass: "num",
      cell: (k) => (
        <>
          {k.suspended && (
            <button type="button" className="button primary" onClick={() => setConfirming(k.apiKey)}>
              {t("api.reconfirm")}
            </button>
          )}{" "}
          <button type="button" className="button" onClick={() => void revoke(k.apiKey)}>
            {t("api.revoke")}
          </button>
        </>
      ),
    },
  ];
  return (
    <SecurityPage>
      <h1>{t("api.title")}</h1>
      <p>
        <LocaleLink to="/account/newapi" className="button primary">
          {t("api.newTitle")}
        </LocaleLink>
      </p>
      <AsyncCard value={keys} name={{ label: t("api.title") }}>
        {(data) => (
          <>
            {data.list.length === 0 && <p>{t("api.none")}</p>}
            {held.length > 0 && (
              <p role="status" className="notice">
                {t("api.suspendedNotice")}
              </p>
            )}
            {noIps && (
              <p role="status" className="notice">
                {t("api.withdrawSuspendedNotice")}
              </p>
            )}
            {data.list.length > 0 && <DataTable rows={data.list} columns={columns} rowKey={(k) => k.apiKey} />}
          </>
        )}
      </AsyncCard>
      {target && keys.state === "ready" && (
        <Reconfirm
          key={target.apiKey}
          apiKey={target.apiKey}
          label={target.label}
          factor={keys.data.secondFactor}
          done={() => {
            setConfirming(null);
            reload();
          }}
        />
      )}
    </SecurityPage>
  );
}
