import { useEffect } from "react";
import type { Side } from "../../../protocol/bitget";

function isTyping(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/** B and S switch the order form's side (spot, margin), except while typing or while a dialog is open. */
export function useSideKeys(setSide: (side: Side) => void): void {
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
}
