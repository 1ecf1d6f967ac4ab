/**
 * Behaviour tracking for pages that do not hydrate (docs/decisions/019): the same tracker the app's
 * TrackingHost starts, without React. Such a page is one address for its whole life, so the first
 * show is its only navigation.
 */
import { installTracking, trackingNavigated } from "~/lib/tracking/browser-tracker";

installTracking({ logEnv: import.meta.env.VITE_TRACKING_LOG_ENV as string | undefined });
trackingNavigated();
