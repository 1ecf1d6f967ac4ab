import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { QrCode } from "~/components/qr-code";
import { KeyList } from "~/components/ui/key-list";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { CodeConfirm } from "./code-confirm";

interface Setup {
  secret: string;
  otpauthUrl: string;
}

/** Sets up Google Authenticator: the key as a QR code and as text, confirmed with a first code. */
export function GoogleBindForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation(["account", "common"]);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setSetup(await browserHttp().post<Setup>(ACCOUNT_PATHS.googleInit, {}));
    } catch (err) {
      setError(errorKey(err));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (googleCode: string) => {
    await browserHttp().post(ACCOUNT_PATHS.googleBind, { googleCode });
    onDone();
  };

  if (!setup) {
    return (
      <div className="binding-form">
        <p>{t("security.googleIntro")}</p>
        {error && (
          <p role="alert" className="notice error">
            {t(error)}
          </p>
        )}
        <button type="button" className="button primary" onClick={() => void start()} disabled={busy} aria-busy={busy}>
          {t("security.googleStart")}
        </button>
      </div>
    );
  }
  return (
    <div className="binding-form">
      <p>{t("security.googleScan")}</p>
      <QrCode value={setup.otpauthUrl} label={t("security.qrLabel")} />
      <KeyList
        items={[
          { term: t("security.googleSecret"), value: setup.secret, testId: "google-secret" },
          { term: t("security.googleUri"), value: setup.otpauthUrl, wrap: true },
        ]}
      />
      <CodeConfirm label={t("common:auth.googleCode")} submitLabel={t("security.bind")} confirm={confirm} />
    </div>
  );
}

/** Turns Google Authenticator off with a current code from it. */
export function GoogleUnbindForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation(["account", "common"]);
  const confirm = async (googleCode: string) => {
    await browserHttp().post(ACCOUNT_PATHS.googleUnbind, { googleCode });
    onDone();
  };
  return <CodeConfirm label={t("common:auth.googleCode")} submitLabel={t("security.unbind")} confirm={confirm} />;
}
