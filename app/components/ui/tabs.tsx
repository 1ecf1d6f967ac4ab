import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface Tab {
  id: string;
  label: string;
  /** The panel drawn under the tabs; without it the tab shows parts of the page named by `controls`. */
  panel?: () => ReactNode;
  /** Ids of what the tab shows when it draws no panel of its own. */
  controls?: string;
}

/**
 * ARIA tabs: one tab stop, arrow keys (mirrored in RTL), Home and End move between tabs. Left to
 * itself it starts on `initial` (or the first); `active`/`onSelect` hand the choice to the caller.
 */
export function Tabs({
  label,
  tabs,
  initial,
  active: controlled,
  onSelect,
  className = "",
}: {
  label: string;
  tabs: readonly Tab[];
  initial?: string | undefined;
  active?: string;
  onSelect?: (id: string) => void;
  className?: string;
}) {
  const [own, setOwn] = useState(initial ?? tabs[0]?.id ?? "");
  const active = controlled ?? own;
  const setActive = (id: string) => {
    setOwn(id);
    onSelect?.(id);
  };
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const go = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setActive(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = tabs.findIndex((t) => t.id === active);
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
    const next = rtl ? "ArrowLeft" : "ArrowRight";
    const prev = rtl ? "ArrowRight" : "ArrowLeft";
    if (e.key === next) go(i + 1);
    else if (e.key === prev) go(i - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(tabs.length - 1);
    else return;
    e.preventDefault();
  };
  const current = tabs.find((t) => t.id === active) ?? tabs[0];
  return (
    <>
      <div role="tablist" aria-label={label} className={`tabs ${className}`} onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => void (el ? refs.current.set(t.id, el) : refs.current.delete(t.id))}
            type="button"
            role="tab"
            id={`${base}-${t.id}`}
            aria-controls={t.panel ? `${base}-${t.id}-panel` : t.controls}
            aria-selected={t.id === current?.id}
            tabIndex={t.id === current?.id ? 0 : -1}
            className={`tab ${t.id === current?.id ? "active" : ""}`}
            onClick={() => setActive(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {current?.panel && (
        <div
          role="tabpanel"
          id={`${base}-${current.id}-panel`}
          aria-labelledby={`${base}-${current.id}`}
          tabIndex={0}
          className="tab-panel"
        >
          {current.panel()}
        </div>
      )}
    </>
  );
}
