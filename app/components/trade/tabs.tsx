import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface Tab {
  id: string;
  label: string;
  panel: () => ReactNode;
}

/** ARIA tabs: one tab stop, arrow keys (mirrored in RTL), Home and End move between tabs. */
export function Tabs({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  const [active, setActive] = useState(tabs[0]?.id ?? "");
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
      <div role="tablist" aria-label={label} className="tabs" onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => void (el ? refs.current.set(t.id, el) : refs.current.delete(t.id))}
            type="button"
            role="tab"
            id={`${base}-${t.id}`}
            aria-controls={`${base}-${t.id}-panel`}
            aria-selected={t.id === current?.id}
            tabIndex={t.id === current?.id ? 0 : -1}
            className={`tab ${t.id === current?.id ? "active" : ""}`}
            onClick={() => setActive(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {current && (
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
