import { useState, type FormEvent } from "react";

/**
 * A form's submit: the browser's own submission is stopped, `check` may stop it before anything is
 * sent (showing its own errors), and `busy` holds while `send` runs; a throw from `send` goes to `failed`.
 */
export function useSubmit({ check, send, failed }: { check?: () => boolean; send: () => Promise<void>; failed: (err: unknown) => void }): {
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
} {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (check && !check()) return;
    setBusy(true);
    try {
      await send();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    onSubmit: (e) => {
      e.preventDefault();
      void submit();
    },
  };
}

/** Shows what a form's check found (an empty record clears the errors) and says whether it may be sent. */
export function showFound<E extends object>(found: E, show: (found: E) => void): boolean {
  show(found);
  return Object.keys(found).length === 0;
}
