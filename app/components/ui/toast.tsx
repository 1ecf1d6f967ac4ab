import { useSyncExternalStore } from "react";

/** Toasts of SPEC.md §9: messages 3 s, notices 4.5 s, 8 px from the edge. */
export const TOAST_MS = { message: 3000, notice: 4500 } as const;

interface Toast {
  id: number;
  text: string;
  kind: "message" | "notice";
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(text: string, kind: Toast["kind"] = "message"): void {
  if (!text) return;
  const toast = { id: nextId++, text, kind };
  toasts = [...toasts, toast].slice(-3);
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t !== toast);
    emit();
  }, TOAST_MS[kind]);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const EMPTY: Toast[] = [];

export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => toasts, () => EMPTY);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`toast ${t.kind}`}>{t.text}</div>
      ))}
    </div>
  );
}
