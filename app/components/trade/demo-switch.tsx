import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { enterSimulation, exitSimulation, useSimulationMode } from "~/lib/simulation/simulation-mode";

/** The "Demo trading" switch of the trading page: on, the same page opens again with simulated funds. */
export function DemoSwitch() {
  const { t } = useTranslation("trade");
  const on = useSimulationMode();
  const { pathname } = useLocation();
  return (
    <button
      type="button"
      className={`button demo-switch ${on ? "is-on" : ""}`}
      aria-pressed={on}
      onClick={() => (on ? exitSimulation() : enterSimulation(pathname))}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      {t("demo.switch")}
    </button>
  );
}
