/**
 * `/asset/withdraw` (docs/decisions/710): coin, network, an address typed or picked from the address
 * book, the amount with its maximum, the fee and what arrives shown before sending, a confirmation
 * that asks for the Google Authenticator code (and the fund password once set, docs/decisions/350), and
 * the recent withdrawals with a cancel for pending ones.
 */
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/auth/field";
import { DecimalInput } from "~/components/ui/decimal-input";
import { LocaleLink } from "~/components/locale-link";
import { AsyncTable } from "~/components/trade/async-table";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { Column } from "~/components/ui/data-table";
import { SubmitButton } from "~/components/ui/form";
import { useDateTime } from "~/components/security/use-date-time";
import { useAsync } from "~/lib/async-state";
import { postWithToast } from "~/lib/http/post-with-toast";
import { formatCoin } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { wallet, WALLET_PATHS, type WithdrawalRecord } from "~/lib/wallet/api";
import { withdrawSummary } from "~/lib/wallet/withdraw-form";
import { WithdrawLimit } from "~/components/kyc/withdraw-limit";
import { AddressBook } from "./address-book";
import { CoinChainPicker, PostConfirmDialog, useCoinChain, useLiveList, useRecordColumns } from "./wallet-parts";
import { WalletNav } from "./wallet-nav";

/** The browser's look at an address; the gateway checks the network's format and checksum. */
const looksLikeAddress = (a: string) => /^[0-9A-Za-z]{20,128}$/.test(a);
const moving = (w: WithdrawalRecord) => w.state === "pending" || w.state === "processing";

function RecentWithdrawals({ coin, version, onChanged }: { coin: string; version: number; onChanged: () => void }) {
  const { t } = useTranslation("wallet");
  const load = useCallback(
    () => wallet.withdrawals({ coin }),
    // `version` reads the list again after the trader's own withdrawal
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [coin, version],
  );
  const [records, reload] = useLiveList(load, moving);
  const [cancelling, setCancelling] = useState<WithdrawalRecord>();
  const { intl } = usePagePrefs();
  const columns: Array<Column<WithdrawalRecord>> = [
    ...useRecordColumns<WithdrawalRecord>(true),
    {
      header: t("col.actions"),
      cellClass: "actions",
      cell: (w) =>
        w.state === "pending" ? (
          <button type="button" className="button small" onClick={() => setCancelling(w)}>
            {t("cancel")}
          </button>
        ) : null,
    },
  ];
  return (
    <>
      <AsyncTable value={records} empty={t("none")} columns={columns} rowKey={(w) => w.orderId} testId="withdrawal-records" />
      {cancelling && (
        <PostConfirmDialog
          title={t("cancelTitle")}
          confirm={t("cancel")}
          post={{ path: WALLET_PATHS.cancelWithdrawal, body: { orderId: cancelling.orderId }, done: t("cancelled") }}
          onClose={() => setCancelling(undefined)}
          onDone={() => {
            reload();
            onChanged();
          }}
        >
          <p>{t("cancelText", { amount: formatCoin(cancelling.size, cancelling.coin, intl), coin: cancelling.coin })}</p>
        </PostConfirmDialog>
      )}
    </>
  );
}

export function WithdrawPage() {
  const { t } = useTranslation(["wallet", "fund"]);
  const { intl } = usePagePrefs();
  const dateTime = useDateTime();
  const { coin, chain, setCoin, setChain } = useCoinChain();
  const [form, setForm] = useState({ address: "", tag: "", amount: "" });
  const [asking, setAsking] = useState(false);
  const [code, setCode] = useState("");
  const [fundPwd, setFundPwd] = useState("");
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const loadAvailable = useCallback(
    () => wallet.available(coin),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [coin, version],
  );
  const [available] = useAsync(loadAvailable);
  const [info] = useAsync(wallet.withdrawInfo);
  const loadBook = useCallback(
    () => wallet.addressBook(),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  const [book] = useAsync(loadBook);
  const balance = available.state === "ready" ? available.data : "0";
  const s = withdrawSummary(chain, { ...form, available: balance, addressOk: looksLikeAddress });
  const n = (v: string) => formatCoin(v, coin, intl);
  const bound = info.state === "ready" && info.data.googleBound;
  const fundSet = info.state === "ready" && info.data.fundSet;
  const heldUntil = info.state === "ready" ? info.data.withdrawHoldUntil : 0;
  const saved = book.state === "ready" ? book.data.filter((e) => e.coin === coin && e.chain === chain.chain) : [];
  const pick = (id: string) => {
    const e = saved.find((x) => String(x.id) === id);
    if (e) setForm({ ...form, address: e.address, tag: e.tag });
  };
  const send = async () => {
    setBusy(true);
    const sent = await postWithToast(
      WALLET_PATHS.withdrawal,
      {
        coin,
        chain: chain.chain,
        transferType: "on_chain",
        address: form.address.trim(),
        tag: form.tag.trim(),
        size: form.amount,
        googleCode: code.trim(),
        // sealed by the shared client before it leaves the page (docs/decisions/350)
        fundPwd: fundSet ? fundPwd : undefined,
      },
      { done: t("w.done"), failed: (msg) => t("failed", { msg }) },
    );
    if (sent) {
      setForm({ address: "", tag: "", amount: "" });
      setAsking(false);
      changed();
    }
    setCode("");
    setFundPwd("");
    setBusy(false);
  };
  return (
    <section className="card wallet-page" aria-labelledby="withdraw-title">
      <h1 id="withdraw-title">{t("title.withdraw")}</h1>
      <WalletNav />
      <WithdrawLimit version={version} />
      {info.state === "ready" && !bound && (
        <p role="alert" className="notice">
          {t("w.need2fa")} <LocaleLink to="/modifyverification">{t("w.bind")}</LocaleLink>
        </p>
      )}
      {heldUntil > 0 && (
        <p role="alert" className="notice" data-testid="withdraw-held">
          {t("fund:withdraw.held", { time: dateTime(heldUntil) })}
        </p>
      )}
      <CoinChainPicker coin={coin} chain={chain} onCoin={setCoin} onChain={setChain} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (s.problems.length === 0 && bound && !heldUntil) setAsking(true);
        }}
      >
        {saved.length > 0 && (
          <div className="field">
            <label htmlFor="wallet-book-pick">{t("w.pick")}</label>
            <select id="wallet-book-pick" value="" onChange={(e) => pick(e.target.value)}>
              <option value="">—</option>
              {saved.map((e) => (
                <option key={e.id} value={String(e.id)}>
                  {e.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <Field
          label={t("w.address")}
          value={form.address}
          maxLength={128}
          autoComplete="off"
          spellCheck={false}
          data-testid="withdraw-address"
          error={form.address && s.problems.includes("address") ? "wallet:err.address" : undefined}
          onChange={(e) => setForm({ ...form, address: e.target.value.trim() })}
        />
        {chain.needTag && (
          <Field
            label={t("tag")}
            value={form.tag}
            inputMode="numeric"
            error={s.problems.includes("tag") ? "wallet:err.tag" : undefined}
            onChange={(e) => setForm({ ...form, tag: e.target.value.trim() })}
          />
        )}
        <div className="field-row align-end">
          <DecimalInput
            label={t("col.amount")}
            value={form.amount}
            onChange={(amount) => setForm({ ...form, amount })}
            data-testid="withdraw-amount"
            hint={t("w.available", { amount: n(balance), coin })}
            error={
              form.amount
                ? (["scale", "minimum", "balance"] as const).map((p) => (s.problems.includes(p) ? `wallet:err.${p}` : "")).find(Boolean)
                : undefined
            }
          />
          <button type="button" className="button small" onClick={() => setForm({ ...form, amount: s.max })}>
            {t("w.max")}
          </button>
        </div>
        <dl className="wallet-summary" aria-live="polite">
          <dt>{t("w.minimum")}</dt>
          <dd>
            {n(chain.minWithdraw)} {coin}
          </dd>
          <dt>{t("col.fee")}</dt>
          <dd>
            {n(chain.withdrawFee)} {coin}
          </dd>
          <dt>{t("w.receive")}</dt>
          <dd data-testid="withdraw-receive">{s.receive ? `${n(s.receive)} ${coin}` : "—"}</dd>
          <dt>{t("w.total")}</dt>
          <dd>{s.total ? `${n(s.total)} ${coin}` : "—"}</dd>
        </dl>
        <SubmitButton busy={busy} label={t("title.withdraw")} disabled={!bound || heldUntil > 0 || s.problems.length > 0} />
      </form>
      {asking && (
        <ConfirmDialog
          title={t("w.confirmTitle")}
          confirm={t("title.withdraw")}
          cancel={t("back")}
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => void send()}
        >
          <p className="wallet-break">
            {t("w.confirmText", {
              amount: n(s.receive),
              coin,
              network: chain.chain,
              address: form.tag ? `${form.address} (${form.tag})` : form.address,
            })}
          </p>
          <Field
            label={t("w.code")}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-testid="withdraw-code"
            onChange={(e) => setCode(e.target.value.trim())}
          />
          {fundSet && (
            <Field
              label={t("fund:withdraw.field")}
              type="password"
              value={fundPwd}
              autoComplete="off"
              maxLength={32}
              data-testid="withdraw-fund"
              onChange={(e) => setFundPwd(e.target.value)}
            />
          )}
        </ConfirmDialog>
      )}
      <h2>{t("recentWithdrawals")}</h2>
      <RecentWithdrawals coin={coin} version={version} onChanged={changed} />
      <AddressBook coin={coin} chain={chain} entries={book} fundSet={fundSet} onChanged={changed} />
    </section>
  );
}
