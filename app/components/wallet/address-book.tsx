/**
 * The address book of the withdraw page (docs/decisions/710): saved addresses of the chosen coin and
 * network to pick from, one more saved with a label, one deleted after a confirmation; both changes
 * ask for the fund password once it is set (docs/decisions/350).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/auth/field";
import { DataTable } from "~/components/ui/data-table";
import { bind, SubmitButton } from "~/components/ui/form";
import type { Async } from "~/lib/async-state";
import { postWithToast } from "~/lib/http/post-with-toast";
import { WALLET_PATHS, type AddressEntry, type WalletChain } from "~/lib/wallet/api";
import { PostConfirmDialog } from "./wallet-parts";

export function AddressBook({
  coin,
  chain,
  entries,
  fundSet,
  onChanged,
}: {
  coin: string;
  chain: WalletChain;
  entries: Async<AddressEntry[]>;
  fundSet: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation(["wallet", "fund"]);
  const [form, setForm] = useState({ label: "", address: "", tag: "", fundPwd: "" });
  const [deleteFund, setDeleteFund] = useState("");
  const fundField = (value: string, onChange: (v: string) => void, testId: string) =>
    fundSet && (
      <Field
        label={t("fund:withdraw.field")}
        type="password"
        autoComplete="off"
        maxLength={32}
        value={value}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<AddressEntry>();
  const failed = (msg: string) => t("failed", { msg });
  const mine = entries.state === "ready" ? entries.data.filter((e) => e.coin === coin && e.chain === chain.chain) : [];
  return (
    <section aria-labelledby="book-title" className="wallet-book">
      <h2 id="book-title">{t("book.title")}</h2>
      {mine.length === 0 ? (
        <p className="muted">{t("book.empty")}</p>
      ) : (
        <DataTable
          rows={mine}
          rowKey={(e) => String(e.id)}
          className="compact"
          testId="address-book"
          columns={[
            { header: t("book.label"), rowHeader: true, cell: (e) => e.label },
            { header: t("col.address"), cellClass: "wallet-break", cell: (e) => (e.tag ? `${e.address} (${e.tag})` : e.address) },
            {
              header: t("col.actions"),
              cellClass: "actions",
              cell: (e) => (
                <button type="button" className="button small" onClick={() => setDeleting(e)}>
                  {t("book.delete")}
                </button>
              ),
            },
          ]}
        />
      )}
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          const body = {
            label: form.label.trim(),
            coin,
            chain: chain.chain,
            address: form.address.trim(),
            tag: form.tag.trim(),
            fundPwd: fundSet ? form.fundPwd : undefined,
          };
          const added = await postWithToast(WALLET_PATHS.addressBookAdd, body, { done: t("book.added"), failed });
          setBusy(false);
          // a refused address changed nothing: the form keeps it to correct, and nothing is read again
          if (!added) return;
          setForm({ label: "", address: "", tag: "", fundPwd: "" });
          onChanged();
        }}
      >
        <div className="field-row">
          <Field label={t("book.label")} maxLength={32} required {...bind(form, setForm, "label")} />
          <Field label={t("col.address")} maxLength={128} required {...bind(form, setForm, "address")} />
          {chain.needTag && <Field label={t("tag")} inputMode="numeric" {...bind(form, setForm, "tag")} />}
          {fundField(form.fundPwd, (fundPwd) => setForm({ ...form, fundPwd }), "book-fund")}
        </div>
        <SubmitButton busy={busy} label={t("book.add")} />
      </form>
      {deleting && (
        <PostConfirmDialog
          title={t("book.deleteTitle")}
          confirm={t("book.delete")}
          post={{
            path: WALLET_PATHS.addressBookDelete,
            body: { id: deleting.id, fundPwd: fundSet ? deleteFund : undefined },
            done: t("book.deleted"),
          }}
          onClose={() => {
            setDeleting(undefined);
            setDeleteFund("");
          }}
          onDone={onChanged}
        >
          <p className="wallet-break">
            {deleting.label}: {deleting.address}
          </p>
          {fundField(deleteFund, setDeleteFund, "book-delete-fund")}
        </PostConfirmDialog>
      )}
    </section>
  );
}
