import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CodeField } from "~/components/auth/field";
import { FormEnd } from "~/components/ui/form";
import { refusal, type FieldErrors } from "~/lib/auth/forms";

/**
 * A form that ends in a 6-digit code: optional fields before it, a "Send code" button when the
 * code comes by message, and the confirming call. Errors go beside the field they belong to.
 */
export function CodeConfirm({
  label,
  send,
  confirm,
  check,
  children,
  submitLabel,
}: {
  label: string;
  /** Sends the code; undefined when the code is not sent (an authenticator's). */
  send?: () => Promise<unknown>;
  confirm(code: string): Promise<unknown>;
  /** Checks the fields before a code is sent or the form submitted. */
  check?: () => FieldErrors;
  children?: (errors: FieldErrors) => ReactNode;
  submitLabel: string;
}) {
  const { t } = useTranslation("common");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const precheck = () => {
    const found = check?.() ?? {};
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const sendCode = async () => {
    if (!send || !precheck()) return false;
    try {
      await send();
      return true;
    } catch (err) {
      setErrors(refusal(err));
      return false;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!precheck()) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors({ code: "auth.errors.code" });
      return;
    }
    setBusy(true);
    try {
      await confirm(code.trim());
    } catch (err) {
      setErrors(refusal(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="binding-form">
      {children?.(errors)}
      <CodeField label={label} value={code} onChange={(e) => setCode(e.target.value)} error={errors.code} send={send && sendCode} />
      <FormEnd error={errors.form && t(errors.form)} busy={busy} label={submitLabel} />
    </form>
  );
}
