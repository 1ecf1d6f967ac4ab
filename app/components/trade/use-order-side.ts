import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Side } from "../../../protocol/bitget";
import { useStateOnceHydrated } from "~/lib/scheduling/hydration-gate";
import type { BookPick } from "./order-book";

function isTyping(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/**
 * The order form's side on a pair's screen (spot, margin): buy first; B and S switch it, except
 * while typing or while a dialog is open; `sides` are the phone's sticky buy and sell buttons.
 */
export function useOrderSide() {
  const { t } = useTranslation("trade");
  // B or S may be pressed before the form has hydrated: the side then waits for it (docs/decisions/725).
  const [side, setSide] = useStateOnceHydrated<Side>("buy");
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e) || document.querySelector("dialog[open]")) return;
      const key = e.key.toLowerCase();
      if (key === "b") setSide("buy");
      else if (key === "s") setSide("sell");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [setSide]);
  const sides = useMemo(
    () => ({
      buy: { label: t("side.buy"), pick: () => setSide("buy") },
      sell: { label: t("side.sell"), pick: () => setSide("sell") },
    }),
    [t, setSide],
  );
  return { side, setSide, sides };
}

/** The book row the trader picked last, counted so that picking the same row again still reaches the form. */
export function useBookPick() {
  const [pick, setPick] = useState<(BookPick & { n: number }) | undefined>();
  // Stable, so the book (hydrated after the screen's shell) gets the same props until a frame changes them.
  const onPick = useCallback((p: BookPick) => setPick((cur) => ({ ...p, n: (cur?.n ?? 0) + 1 })), []);
  return { pick, onPick };
}
