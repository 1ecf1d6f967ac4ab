import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** Runs the page's loaders again every `ms` while the tab is visible and no revalidation is under way. */
export function useRevalidateEvery(ms: number): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible" || latest.current.state !== "idle") return;
      latest.current.revalidate();
    }, ms);
    return () => clearInterval(timer);
  }, [ms]);
}
