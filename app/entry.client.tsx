import { RemixBrowser } from "@remix-run/react";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// Hydration runs in one go, not in a transition: a key press or click while a page is still
// hydrating then cannot interleave with it (React 18 can fail such a root with error #345).
hydrateRoot(
  document,
  <StrictMode>
    <RemixBrowser />
  </StrictMode>,
);
