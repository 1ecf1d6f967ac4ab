import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import type { CodeChannel } from "../../../protocol/accounts";
import { AccountFields } from "~/components/auth/field";
import { checkAccount, codeTarget } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { CodeConfirm } from "./code-confirm";

const CODE_LABEL: Record<CodeChannel, string> = { email: "auth.emailCode", mobile: "auth.mobileCode" };

/** Binds a new e-mail or mobile number: a code goes to it, and the code confirms it. */
export function BindAddressForm({ channel, onDone }: { channel: CodeChannel; onDone(): void }) {
  const { t } = useTranslation("common");
  const [value, setValue] = useState({ method: channel, email: "", areaCode: "", mobile: "" });
  const target = () => codeTarget(value);
  const confirm = async (code: string) => {
    const { channel: _c, ...address } = target();
    const path = channel === "email" ? ACCOUNT_PATHS.bindEmail : ACCOUNT_PATHS.bindMobile;
    await browserHttp().post(path, { ...address, [channel === "email" ? "emailCode" : "mobileCode"]: code });
    onDone();
  };
  return (
    <CodeConfirm
      label={t(CODE_LABEL[channel])}
      check={() => checkAccount(value)}
      submitLabel={t("account:security.bind")}
      send={() => browserHttp().post(ACCOUNT_PATHS.sendCode, { scene: "bind", ...target() })}
      confirm={confirm}
    >
      {(errors) => <AccountFields value={value} onChange={setValue} errors={errors} purpose="register" />}
    </CodeConfirm>
  );
}

/**
 * Unbinds the e-mail or mobile number with a code sent to it. The account's only address cannot
 * go (docs/decisions/505): that is said at once, the gateway refuses it too.
 */
export function UnbindAddressForm({ channel, isLast, onDone }: { channel: CodeChannel; isLast: boolean; onDone(): void }) {
  const { t } = useTranslation("common");
  if (isLast)
    return (
      <p role="alert" className="notice error">
        {t("account:errors.lastChannel")}
      </p>
    );
  const confirm = async (code: string) => {
    const path = channel === "email" ? ACCOUNT_PATHS.unbindEmail : ACCOUNT_PATHS.unbindMobile;
    await browserHttp().post(path, { [channel === "email" ? "emailCode" : "mobileCode"]: code });
    onDone();
  };
  return (
    <>
      <p>{t(channel === "email" ? "account:security.unbindEmailBody" : "account:security.unbindMobileBody")}</p>
      <CodeConfirm
        label={t(CODE_LABEL[channel])}
        submitLabel={t("account:security.unbind")}
        send={() => browserHttp().post(ACCOUNT_PATHS.sendCode, { scene: "unbind", channel })}
        confirm={confirm}
      />
    </>
  );
}
