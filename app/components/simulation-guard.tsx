import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { simulationFlag } from "~/lib/http/device-identity";
import { allowedInSimulation, reactToFlagChange, simulationHome } from "~/lib/simulation/allow-list";
import { exitSimulation, useSimulationMode } from "~/lib/simulation/simulation-mode";

/**
 * Simulation mode on every page (docs/product.md §5): a banner that says so in words and offers the
 * way out; pages outside the allow-list go to the default spot page; a change made in another
 * tab reloads this one (or sends it to the spot page when it is not allowed).
 */
export function SimulationGuard() {
  const on = useSimulationMode();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation("trade");

  useEffect(() => {
    if (on && !allowedInSimulation(pathname)) navigate(simulationHome(pathname), { replace: true });
  }, [on, pathname, navigate]);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== simulationFlag.storageKey && e.key !== null) return;
      const reaction = reactToFlagChange(simulationFlag.get(), window.location.pathname);
      if (reaction.kind === "redirect") window.location.assign(reaction.to);
      else window.location.reload();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  if (!on) return null;
  return (
    <div className="demo-banner" role="region" aria-label={t("demo.badge")} data-testid="demo-banner">
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="none" stroke="currentColor" strokeWidth="2" d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-9V3" />
      </svg>
      <strong>{t("demo.badge")}</strong>
      <span>{t("demo.banner")}</span>
      <button type="button" className="button" onClick={exitSimulation}>
        {t("demo.exit")}
      </button>
    </div>
  );
}
