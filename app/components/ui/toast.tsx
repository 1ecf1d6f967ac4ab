import { useSyncExternalStore } from "react";
import { toastStore } from "~/lib/toast";

/** Draws the toasts that `showToast` (~/lib/toast) queues, 8 px from the edge. */
export function Toaster() {
  const list = useSyncExternalStore(toastStore.subscribe, toastStore.current, toastStore.empty);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`toast ${t.kind}`}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
