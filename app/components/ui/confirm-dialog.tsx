import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { TextsBoundary } from "./texts-boundary";

interface Props {
  title: string;
  children: ReactNode;
  confirm: string;
  cancel: string;
  /** The label of a "do not ask again" box; without it there is none. */
  skipLabel?: string;
  busy?: boolean;
  /** `skip`: the box was ticked. */
  onConfirm: (skip: boolean) => void;
  onCancel: () => void;
  /** The confirm button's look (`submit-buy`, `submit-sell`, `primary`). */
  tone?: string;
  /**
   * The id of the text saying why confirming is refused now: the button stays focusable (so the
   * reason is read with it) but is `aria-disabled` and does nothing.
   */
  refusedBy?: string | undefined;
}

/**
 * A modal question (the browser's own `<dialog>`: focus kept inside, Escape cancels). The confirm
 * button has the focus, so Enter confirms; mounted means open. Its body may read an i18n namespace
 * still loading (TextsBoundary).
 */
export function ConfirmDialog({
  title,
  children,
  confirm,
  cancel,
  skipLabel,
  busy = false,
  onConfirm,
  onCancel,
  tone = "primary",
  refusedBy,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [skip, setSkip] = useState(false);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    // showModal focuses the first control; the answer is the confirm button.
    confirmRef.current?.focus();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {/* the body may read texts not loaded yet: it waits inside the dialog, not the page (docs/decisions/725) */}
      <div id={bodyId}>
        <TextsBoundary>{children}</TextsBoundary>
      </div>
      {skipLabel && (
        <label className="choice">
          <input type="checkbox" checked={skip} onChange={(e) => setSkip(e.target.checked)} /> {skipLabel}
        </label>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          {cancel}
        </button>
        <button
          ref={confirmRef}
          type="button"
          className={`button ${tone}`}
          onClick={() => refusedBy === undefined && onConfirm(skip)}
          disabled={busy}
          aria-busy={busy}
          aria-disabled={refusedBy !== undefined || undefined}
          aria-describedby={refusedBy}
        >
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
