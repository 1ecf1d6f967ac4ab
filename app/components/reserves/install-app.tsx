import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "~/lib/toast";

/** Chromium's install prompt event (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

type Install = { state: "unavailable" } | { state: "offered"; event: InstallPromptEvent } | { state: "installed" };

/**
 * Installing the web app (docs/decisions/714): the button appears when the browser offers an
 * install (`beforeinstallprompt`); otherwise the hint names the browser's own menu.
 */
export function InstallApp() {
  const { t } = useTranslation("reserves");
  const [install, setInstall] = useState<Install>({ state: "unavailable" });
  useEffect(() => {
    if (window.matchMedia("(display-mode: standalone)").matches) setInstall({ state: "installed" });
    const offered = (e: Event) => {
      e.preventDefault();
      setInstall({ state: "offered", event: e as InstallPromptEvent });
    };
    const installed = () => {
      setInstall({ state: "installed" });
      showToast(t("download.toastInstalled"));
    };
    window.addEventListener("beforeinstallprompt", offered);
    window.addEventListener("appinstalled", installed);
    return () => {
      window.removeEventListener("beforeinstallprompt", offered);
      window.removeEventListener("appinstalled", installed);
    };
  }, [t]);
  const ask = async (event: InstallPromptEvent) => {
    await event.prompt();
    const { outcome } = await event.userChoice;
    // the event can prompt once; the browser fires another when it offers again
    setInstall({ state: "unavailable" });
    if (outcome === "dismissed") showToast(t("download.toastDismissed"));
  };
  return (
    <section className="card" aria-labelledby="install-title">
      <h2 id="install-title">{t("download.webApp")}</h2>
      <p>{t("download.webAppIntro")}</p>
      {install.state === "offered" && (
        <button type="button" className="button primary" onClick={() => void ask(install.event)} data-testid="install-app">
          {t("download.install")}
        </button>
      )}
      {install.state === "installed" && <p role="status">{t("download.installed")}</p>}
      {install.state === "unavailable" && <p className="muted">{t("download.installHint")}</p>}
    </section>
  );
}
