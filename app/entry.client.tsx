import { RemixBrowser } from "@remix-run/react";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { warmNumberFormats } from "~/lib/i18n/warm-formats";

// The page's first number formats (ICU's locale set-up, 15–60 ms on a phone) are made here, in the
// task that evaluates this module, not inside hydration's task (docs/decisions/725). hydrateRoot
// itself only schedules the hydration: React renders it in a task of its own right after this one,
// so nothing runs between (no timer, no stream frame, no input is let in before hydration starts).
warmNumberFormats(document.documentElement.lang);

// Hydration runs in one go, not in a transition: a key press or click while a page is still
// hydrating then cannot interleave with it (React 18 can fail such a root with error #345).
hydrateRoot(
  document,
  <StrictMode>
    <RemixBrowser />
  </StrictMode>,
);
