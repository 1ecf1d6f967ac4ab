import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { nicknameProblems, NICKNAME_RULE } from "../../../protocol/accounts";
import { CODES } from "../../../protocol/codes";
import { OneFieldForm } from "~/components/ui/one-field-form";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { HttpError } from "~/lib/http/errors";

/** Creates a sub-account; the nickname rule is the gateway's (protocol/accounts.ts). */
export function CreateSubForm({ onCreated }: { onCreated(): void }) {
  const { t } = useTranslation("account");
  return (
    <OneFieldForm
      id="create-sub-title"
      title={t("sub.createTitle")}
      field={{ label: t("sub.nickName"), name: "nickName", maxLength: NICKNAME_RULE.max, hint: t("sub.nickNameHint"), required: true }}
      submitLabel={t("sub.create")}
      problem={(name) => (nicknameProblems(name).length === 0 ? undefined : "account:errors.nickName")}
      send={async (nickName) => {
        await browserHttp().post(ACCOUNT_PATHS.subCreate, { nickName });
        onCreated();
        return t("sub.created");
      }}
      failedKey={(err) => (err instanceof HttpError && err.code === CODES.accountExists ? "account:errors.nickNameTaken" : errorKey(err))}
    />
  );
}
