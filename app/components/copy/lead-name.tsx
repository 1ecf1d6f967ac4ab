/**
 * A lead's display name (docs/decisions/363): the labelled field of the apply form and of the lead's
 * own profile, checked in the browser by the gateway's own rule (protocol/accounts.ts), and the small
 * form by which a lead changes it. A name another lead holds comes back as 20004, said beside the field.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { nicknameProblems, NICKNAME_RULE } from "../../../protocol/accounts";
import { CODES } from "../../../protocol/codes";
import { COPY_NAME_PATHS } from "../../../protocol/copy";
import { FieldNotes } from "~/components/ui/form";
import { browserHttp } from "~/lib/http/browser-client";
import { HttpError } from "~/lib/http/errors";
import { showToast } from "~/lib/toast";
import { useCopyErrorText } from "./use-copy";

export type LeadNameProblem = "leadName.error" | "leadName.taken";

/** What is wrong with a name as typed (trimmed): nothing, or the rule's key; empty is fine where the name is optional. */
export function leadNameProblem(value: string, optional: boolean): LeadNameProblem | undefined {
  const name = value.trim();
  if (name === "" && optional) return undefined;
  return nicknameProblems(name).length === 0 ? undefined : "leadName.error";
}

/** The error key of a refused name: taken (20004), else undefined (the caller toasts the refusal). */
export function takenProblem(err: unknown): LeadNameProblem | undefined {
  return err instanceof HttpError && err.code === CODES.accountExists ? "leadName.taken" : undefined;
}

/** The labelled "Display name" input with its hint and, beside it, its error (ids `${id}-hint`, `${id}-error`). */
export function LeadNameField({
  id,
  value,
  onChange,
  problem,
  optional = false,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  problem: LeadNameProblem | undefined;
  optional?: boolean;
}) {
  const { t } = useTranslation("copy");
  return (
    <div className="field">
      <label htmlFor={id}>{t("leadName.label")}</label>
      <input
        id={id}
        name="nickName"
        autoComplete="nickname"
        maxLength={NICKNAME_RULE.max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
        data-testid="copy-lead-name"
      />
      <FieldNotes
        id={id}
        hint={optional ? `${t("leadName.hint")} ${t("leadName.optional")}` : t("leadName.hint")}
        error={problem && t(problem)}
      />
    </div>
  );
}

/** The lead's own profile: its display name, changed in place (no confirm step); the page's heading follows. */
export function LeadNameSetting({ initial, id, onDone }: { initial: string; id: string; onDone: () => void }) {
  const { t } = useTranslation("copy");
  const errorText = useCopyErrorText();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<LeadNameProblem | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = leadNameProblem(value, false);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      const answer = await browserHttp().post<{ nickName: string }>(COPY_NAME_PATHS.updateNickname, { nickName: value.trim() });
      setValue(answer?.nickName ?? value.trim());
      showToast(t("leadName.done"));
      onDone();
    } catch (err) {
      const taken = takenProblem(err);
      setProblem(taken);
      if (!taken) showToast(t("toast.failed", { msg: errorText(err) }), "notice");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="copy-lead-name inline-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`}>
        <strong>{t("leadName.title")}</strong>
      </p>
      <LeadNameField id={`${id}-input`} value={value} onChange={setValue} problem={problem} />
      <button type="submit" className="button" disabled={busy} aria-busy={busy} data-testid="copy-lead-name-save">
        {t("leadName.save")}
      </button>
    </form>
  );
}
