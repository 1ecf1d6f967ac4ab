/**
 * Behaviour tracking for pages that do not hydrate (docs/decisions/019): the same tracker the app's
 * TrackingHost starts, without React. Such a page is one address for its whole life, so the first
 * show is its only navigation.
 *
 * The page comes first (docs/decisions/607): the tracker is fetched once the page has loaded, and it
 * is evaluated and started in tasks of their own, so neither its download competes with the page's
 * first paint nor its start joins the other scripts in one long task. Performance metrics are still
 * whole: web-vitals reads the browser's buffered entries.
 */
const begin = async () => {
  const { installTracking, trackingNavigated } = await import("~/lib/tracking/browser-tracker");
  // A task boundary between evaluating the module and starting the tracker.
  await new Promise((resolve) => setTimeout(resolve, 0));
  installTracking({ logEnv: import.meta.env.VITE_TRACKING_LOG_ENV as string | undefined });
  trackingNavigated();
};

const start = () =>
  void begin().catch((err: unknown) => console.warn(`[tracking] not loaded: ${err instanceof Error ? err.message : String(err)}`));

if (document.readyState === "complete") start();
else window.addEventListener("load", start, { once: true });
