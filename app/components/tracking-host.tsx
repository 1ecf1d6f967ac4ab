import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { installTracking, trackingNavigated } from "~/lib/tracking/browser-tracker";

/**
 * Behaviour tracking for every page (docs/product.md): started once in the browser, told of each
 * address change. Renders nothing and never shows the user anything.
 */
export function TrackingHost() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    installTracking({ logEnv: import.meta.env.VITE_TRACKING_LOG_ENV as string | undefined });
  }, []);
  useEffect(() => {
    trackingNavigated();
  }, [pathname, search]);
  return null;
}
