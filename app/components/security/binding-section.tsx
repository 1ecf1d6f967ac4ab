import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "~/lib/toast";
import { BindAddressForm, UnbindAddressForm } from "./address-forms";
import { GoogleBindForm, GoogleUnbindForm } from "./google-authenticator";

/** What the page knows of the account's verification methods (masked, from user info). */
export interface Bindings {
  email: string;
  phone: string;
  areaCode: string;
  bindEmail: boolean;
  bindPhone: boolean;
  bindGoogle: boolean;
}

type Method = "email" | "mobile" | "google";

/** E-mail, mobile and Google Authenticator: each bound or not, with the form to change it below its row. */
export function BindingSection({ bindings }: { bindings: Bindings }) {
  const { t } = useTranslation(["account", "common"]);
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<Method | null>(null);
  const done = (message: string) => () => {
    showToast(t(message));
    setOpen(null);
    revalidator.revalidate();
  };
  const rows: Array<{ id: Method; name: string; bound: boolean; value: string }> = [
    { id: "email", name: t("common:auth.email"), bound: bindings.bindEmail, value: bindings.email },
    {
      id: "mobile",
      name: t("common:auth.mobile"),
      bound: bindings.bindPhone,
      value: bindings.bindPhone ? `+${bindings.areaCode} ${bindings.phone}` : "",
    },
    { id: "google", name: t("security.google"), bound: bindings.bindGoogle, value: bindings.bindGoogle ? t("security.googleOn") : "" },
  ];

  const form = (row: (typeof rows)[number]) => {
    if (row.id === "google")
      return row.bound ? (
        <GoogleUnbindForm onDone={done("security.unboundDone")} />
      ) : (
        <GoogleBindForm onDone={done("security.boundDone")} />
      );
    if (!row.bound) return <BindAddressForm channel={row.id} onDone={done("security.boundDone")} />;
    const isLast = row.id === "email" ? !bindings.bindPhone : !bindings.bindEmail;
    return <UnbindAddressForm channel={row.id} isLast={isLast} onDone={done("security.unboundDone")} />;
  };

  return (
    <section className="card" aria-labelledby="bindings-title">
      <h2 id="bindings-title">{t("security.bindingsTitle")}</h2>
      <p>{t("security.bindingsBody")}</p>
      <ul className="binding-list">
        {rows.map((row) => (
          <li key={row.id} data-testid={`binding-${row.id}`}>
            <div className="binding-row">
              <span className="binding-name">{row.name}</span>
              <span className={row.bound ? "" : "muted"}>{row.bound ? row.value : t("security.notBound")}</span>
              <button
                type="button"
                className="button"
                aria-expanded={open === row.id}
                aria-controls={`binding-form-${row.id}`}
                onClick={() => setOpen(open === row.id ? null : row.id)}
              >
                {t(row.bound ? "security.unbindAction" : "security.bindAction", { name: row.name })}
              </button>
            </div>
            {open === row.id && <div id={`binding-form-${row.id}`}>{form(row)}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}
