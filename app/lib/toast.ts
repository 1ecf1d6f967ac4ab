/** Toasts of docs/product.md §9: messages 3 s, notices 4.5 s, at most three at once. */
export const TOAST_MS = { message: 3000, notice: 4500 } as const;

export interface Toast {
  id: number;
  text: string;
  kind: "message" | "notice";
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a message; any layer may call it (the Toaster component draws the list). */
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

/** The store the Toaster reads with useSyncExternalStore. */
export const toastStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): readonly Toast[] => toasts,
  empty: (): readonly Toast[] => EMPTY,
};
const EMPTY: readonly Toast[] = [];
