import { useState } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import { Field } from "~/components/auth/field";
import { bind, FieldNotes, FormEnd, ValueSelect } from "~/components/ui/form";
import { showToast } from "~/lib/toast";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { formatCoin } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { showFound, useSubmit } from "~/lib/use-submit";
import { checkTransfer, type TransferErrors, type TransferForm as Form } from "~/lib/sub-accounts/transfer";
import type { Account, Asset } from "./types";

/** A free transfer between the main account and a sub-account, or between two sub-accounts. */
export function TransferForm({ accounts, assetsOf, onDone }: { accounts: Account[]; assetsOf(userId: string): Asset[]; onDone(): void }) {
  const { t } = useTranslation(["account", "common"]);
  const { intl } = usePagePrefs();
  const [f, setF] = useState<Form>({ from: accounts[0]?.userId ?? "", to: accounts[1]?.userId ?? "", coin: "USDT", amount: "" });
  const [errors, setErrors] = useState<TransferErrors>({});
  // What the sender holds: the coins it can send, USDT always listed.
  const held = assetsOf(f.from).filter((a) => a.coin === "USDT" || /[1-9]/.test(a.available));
  const coins = held.some((a) => a.coin === "USDT") ? held : [{ coin: "USDT", available: "0" }, ...held];
  const available = coins.find((a) => a.coin === f.coin)?.available ?? "0";

  const { busy, onSubmit } = useSubmit({
    check: () => showFound(checkTransfer(f, accounts, available), setErrors),
    send: async () => {
      const amount = f.amount.trim();
      await browserHttp().post(V2.subaccountTransfer, {
        fromType: "spot",
        toType: "spot",
        coin: f.coin,
        amount,
        fromUserId: f.from,
        toUserId: f.to,
      });
      showToast(t("sub.transferred", { amount: formatCoin(amount, f.coin, intl), coin: f.coin }));
      setF({ ...f, amount: "" });
      onDone();
    },
    failed: (err) => setErrors({ form: errorKey(err) }),
  });

  const accountSelect = (name: "from" | "to", error?: string) => (
    <div className="field">
      <label htmlFor={`transfer-${name}`}>{t(`sub.${name}`)}</label>
      <select
        id={`transfer-${name}`}
        value={f[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `transfer-${name}-error` : undefined}
        onChange={(e) => setF({ ...f, [name]: e.target.value, ...(name === "from" ? { coin: "USDT" } : {}) })}
      >
        {accounts.map((a) => (
          <option key={a.userId} value={a.userId} disabled={a.frozen}>
            {a.nickName} ({a.userId})
          </option>
        ))}
      </select>
      <FieldNotes id={`transfer-${name}`} error={error && t(error)} />
    </div>
  );

  return (
    <section className="card" aria-labelledby="transfer-title">
      <h2 id="transfer-title">{t("sub.transferTitle")}</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="field-row">
          {accountSelect("from")}
          {accountSelect("to", errors.to)}
        </div>
        <div className="field-row">
          <ValueSelect
            id="transfer-coin"
            label={t("sub.coin")}
            values={coins.map((a) => a.coin)}
            value={f.coin}
            onChange={(coin) => setF({ ...f, coin })}
          />
          <Field
            label={t("sub.amount")}
            inputMode="decimal"
            autoComplete="off"
            required
            {...bind(f, setF, "amount")}
            error={errors.amount}
            hint={t("sub.available", { amount: formatCoin(available, f.coin, intl), coin: f.coin })}
          />
        </div>
        <FormEnd error={errors.form && t(errors.form)} busy={busy} label={t("sub.transfer")} />
      </form>
    </section>
  );
}
