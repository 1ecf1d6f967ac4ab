import { memo, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { holdHydration, newHydrationToken, releaseHydration, type HydrationToken } from "~/lib/scheduling/hydration-gate";

/**
 * Content the server renders as usual but the browser hydrates after the page's shell: a Suspense
 * boundary, which React 18 hydrates in a background pass of its own that yields to the browser
 * every few milliseconds, instead of inside the one long task of the page's hydration
 * (docs/decisions/725, "Main thread at start-up"). The stream's frames wait until it has
 * hydrated (`hydration-gate.ts`), so its props do not change before. The markup is the same
 * apart from React's boundary comments; a click on it before it hydrates hydrates it at once.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const [token] = useState(newHydrationToken);
  // Runs at the commit that put the boundary in the page: after its content's effect on a client
  // render (then done already), before it on a hydration (the boundary commits later).
  useEffect(() => holdHydration(token), [token]);
  return (
    <Suspense fallback={null}>
      {children}
      <Hydrated token={token} />
    </Suspense>
  );
}

function Hydrated({ token }: { token: HydrationToken }) {
  useEffect(() => releaseHydration(token), [token]);
  return null;
}

/**
 * `Component` memoised and hydrated later: a parent's render with the same props does not reach
 * the boundary (a boundary not yet hydrated must not get new props).
 */
export function hydrateLater<P extends object>(Component: ComponentType<P>, name: string) {
  const Later = memo(function Later(props: P) {
    return (
      <HydrateLater>
        <Component {...props} />
      </HydrateLater>
    );
  });
  Later.displayName = name;
  return Later;
}
