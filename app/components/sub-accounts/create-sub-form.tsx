import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { nicknameProblems, NICKNAME_RULE } from "../../../protocol/accounts";
import { CODES } from "../../../protocol/codes";
import { Field } from "~/components/auth/field";
import { SubmitButton } from "~/components/ui/form";
import { showToast } from "~/lib/toast";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { HttpError } from "~/lib/http/errors";
import { useSubmit } from "~/lib/use-submit";

/** Creates a sub-account; the nickname rule is the gateway's (protocol/accounts.ts). */
export function CreateSubForm({ onCreated }: { onCreated(): void }) {
  const { t } = useTranslation("account");
  const [nickName, setNickName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const name = nickName.trim();
  const { busy, onSubmit } = useSubmit({
    check: () => {
      const ok = nicknameProblems(name).length === 0;
      setError(ok ? undefined : "account:errors.nickName");
      return ok;
    },
    send: async () => {
      await browserHttp().post(ACCOUNT_PATHS.subCreate, { nickName: name });
      setNickName("");
      showToast(t("sub.created"));
      onCreated();
    },
    failed: (err) =>
      setError(err instanceof HttpError && err.code === CODES.accountExists ? "account:errors.nickNameTaken" : errorKey(err)),
  });
  return (
    <section className="card" aria-labelledby="create-sub-title">
      <h2 id="create-sub-title">{t("sub.createTitle")}</h2>
      <form onSubmit={onSubmit} noValidate className="inline-form">
        <Field
          label={t("sub.nickName")}
          name="nickName"
          value={nickName}
          maxLength={NICKNAME_RULE.max}
          autoComplete="off"
          required
          onChange={(e) => setNickName(e.target.value)}
          error={error}
          hint={t("sub.nickNameHint")}
        />
        <SubmitButton busy={busy} label={t("sub.create")} />
      </form>
    </section>
  );
}
