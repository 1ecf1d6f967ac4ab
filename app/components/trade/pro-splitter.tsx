import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { clampTo, sizeAfterKey, type Bounds } from "~/lib/trade/pro-layout";

/**
 * A window splitter of the pro layout (WAI-ARIA "window splitter"): a focusable separator whose
 * value is the size of the panel it sizes, in CSS px. Dragged with a pointer or moved with the
 * arrow keys (Shift for bigger steps), Home and End; `onChange` follows every move, `onCommit`
 * gets the size where the trader let go (pointer up, or each key) for saving.
 */
export function ProSplitter({
  className,
  label,
  orientation,
  value,
  bounds,
  controls,
  onChange,
  onCommit,
}: {
  className: string;
  label: string;
  /** `vertical`: a bar between two columns, moved sideways; `horizontal`: between two rows. */
  orientation: "vertical" | "horizontal";
  value: number;
  bounds: Bounds;
  controls: string;
  onChange: (size: number) => void;
  onCommit: (size: number) => void;
}) {
  const { t } = useTranslation("layout");
  const drag = useRef<{ at: number; from: number; sign: number; last: number } | null>(null);
  const vertical = orientation === "vertical";
  /** Toward the chart (the inline start) grows the book; in a right-to-left page that is rightwards. */
  const rtl = () => typeof document !== "undefined" && document.documentElement.dir === "rtl";

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const grow = vertical ? (rtl() ? "ArrowRight" : "ArrowLeft") : "ArrowUp";
    const next = sizeAfterKey(e.key, e.shiftKey, value, bounds, grow);
    if (next === undefined) return;
    e.preventDefault();
    onChange(next);
    onCommit(next);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    // Dragging toward the sized panel's far side shrinks it: leftwards grows the book (rightwards in RTL), upwards the account panel.
    drag.current = { at: vertical ? e.clientX : e.clientY, from: value, sign: vertical && rtl() ? 1 : -1, last: value };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const moved = (vertical ? e.clientX : e.clientY) - d.at;
    d.last = clampTo(bounds, d.from + d.sign * moved);
    onChange(d.last);
  };
  const end = () => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    onCommit(d.last);
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      className={`pro-splitter ${className}`}
      aria-label={label}
      aria-orientation={orientation}
      aria-controls={controls}
      aria-valuenow={value}
      aria-valuemin={bounds.min}
      aria-valuemax={bounds.max}
      aria-valuetext={t("size", { value })}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
    />
  );
}
