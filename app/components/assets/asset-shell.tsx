import type { LinksFunction } from "@remix-run/node";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLinks, LocaleNavLink } from "~/components/locale-link";
import type { TransferChoice } from "~/lib/assets/transfer";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { usePagePrefs, useSetPref } from "~/lib/prefs/use-page-prefs";
import assetsCss from "~/styles/assets.css?url";
import marginCss from "~/styles/margin.css?url";
import { DemoSwitch } from "~/components/trade/demo-switch";
import { SimulatedDeposit } from "~/components/wallet/simulate-deposit";
import { useSimulationMode } from "~/lib/simulation/simulation-mode";
import { TransferDialog } from "./transfer-dialog";
import { useAssetMoney, type AssetMoney } from "./use-asset-money";
import { walletLinks } from "~/components/wallet/wallet-route";

/** The asset pages and the wallet's two beside them (docs/decisions/711). */
export const ASSET_PAGES = [
  { to: "/asset", key: "overview", end: true },
  { to: "/asset/spot", key: "spot", end: false },
  { to: "/asset/margin", key: "margin", end: false },
  { to: "/asset/futures", key: "futures", end: false },
] as const;
export const depositPath = (coin: string) => `/asset/recharge?coin=${encodeURIComponent(coin)}`;
export const withdrawPath = (coin: string) => `/asset/withdraw?coin=${encodeURIComponent(coin)}`;

/** Every asset route's stylesheets (the margin sheet holds the shared `.link-button`). */
/** The wallet's sheets (with the trading screen's tables and small buttons) for the demo deposit panel, and the asset pages' own. */
export const assetLinks: LinksFunction = () => [
  ...walletLinks(),
  { rel: "stylesheet", href: marginCss },
  { rel: "stylesheet", href: assetsCss },
];

interface AssetPage {
  money: AssetMoney;
  hideSmall: boolean;
  /** Bumped after a transfer: a page's loads depend on it and read again. */
  version: number;
  /** The listed coins (USDT and every base with a USDT market). */
  coins: readonly string[];
  openTransfer: (preset?: Partial<TransferChoice>) => void;
  /**
   * Simulation mode allows the asset pages but not `/asset/recharge` or `/asset/withdraw`: there a
   * deposit is one on the simulated chain, opened on the page itself, and nothing is withdrawn.
   */
  simulation: boolean;
  openDeposit: (coin?: string) => void;
}

const Context = createContext<AssetPage | undefined>(undefined);

/** What an asset page's parts share: money display, the switches, the transfer dialog. */
export function useAssetPage(): AssetPage {
  const page = useContext(Context);
  if (!page) throw new Error("useAssetPage outside AssetShell");
  return page;
}

function Switches({ hideSmall, onHideSmall }: { hideSmall: boolean; onHideSmall: (v: boolean) => void }) {
  const { t } = useTranslation("assets");
  const prefs = usePagePrefs();
  const setPref = useSetPref();
  return (
    <div className="asset-switches">
      <label className="choice">
        <input
          type="checkbox"
          checked={!prefs.showAsset}
          onChange={(e) => setPref("showAsset", String(!e.target.checked))}
          data-testid="hide-amounts"
        />{" "}
        {t("switch.hideAmounts")}
      </label>
      <label className="choice">
        <input type="checkbox" checked={hideSmall} onChange={(e) => onHideSmall(e.target.checked)} data-testid="hide-small" />{" "}
        {t("switch.hideSmall")}
      </label>
    </div>
  );
}

/**
 * The frame of every asset page: its title, the asset navigation with deposit and withdraw, the
 * switches, and the transfer dialog any part of the page can open.
 */
type AssetPageKey = (typeof ASSET_PAGES)[number]["key"];

export function AssetShell({ page: which, children }: { page: AssetPageKey; children: ReactNode }) {
  const { t } = useTranslation("assets");
  const title = t(`title.${which}`);
  const money = useAssetMoney();
  const [hideSmall, setHideSmall] = useLocalPref("hideSmallAssets");
  const [version, setVersion] = useState(0);
  const [transfer, setTransfer] = useState<Partial<TransferChoice>>();
  const coins = useMemo(() => ["USDT", ...[...money.prices.keys()].filter((c) => c !== "USDT").sort()], [money.prices]);
  const openTransfer = useCallback((preset: Partial<TransferChoice> = {}) => setTransfer(preset), []);
  const simulation = useSimulationMode();
  // the simulated deposit panel: closed (null) or open on a coin (undefined: the first)
  const [deposit, setDeposit] = useState<{ coin?: string } | null>(null);
  const openDeposit = useCallback((coin?: string) => setDeposit({ coin }), []);
  useEffect(() => {
    // a row's Deposit opens the panel above the list: bring it into view with its heading focused
    if (!deposit) return;
    const panel = document.getElementById("simulated-deposit");
    panel?.scrollIntoView({ block: "nearest" });
    panel?.querySelector<HTMLElement>("h2")?.focus();
  }, [deposit]);
  const page = { money, hideSmall, version, coins, openTransfer, simulation, openDeposit };
  return (
    <Context.Provider value={page}>
      <section className="card asset-page" aria-labelledby="asset-title">
        <div className="card-head">
          <h1 id="asset-title">{title}</h1>
          <div className="asset-actions">
            <DemoSwitch />
            {simulation ? (
              <button
                type="button"
                className="button"
                aria-expanded={deposit !== null}
                aria-controls="simulated-deposit"
                onClick={() => setDeposit(deposit ? null : {})}
              >
                {t("nav.deposit")}
              </button>
            ) : (
              <LocaleLinks
                className="button"
                links={[
                  { to: "/asset/recharge", label: t("nav.deposit") },
                  { to: "/asset/withdraw", label: t("nav.withdraw") },
                ]}
              />
            )}
            <button type="button" className="button primary" onClick={() => openTransfer()} data-testid="open-transfer">
              {t("nav.transfer")}
            </button>
          </div>
        </div>
        <nav aria-label={t("nav.label")} className="asset-nav">
          <ul>
            {ASSET_PAGES.map((p) => (
              <li key={p.to}>
                <LocaleNavLink to={p.to} end={p.end}>
                  {t(`nav.${p.key}`)}
                </LocaleNavLink>
              </li>
            ))}
          </ul>
        </nav>
        {simulation && deposit && (
          <div id="simulated-deposit">
            <SimulatedDeposit key={deposit.coin ?? ""} initialCoin={deposit.coin} />
          </div>
        )}
        <Switches hideSmall={hideSmall} onHideSmall={setHideSmall} />
        {children}
      </section>
      {transfer && (
        <TransferDialog preset={transfer} coins={coins} onDone={() => setVersion((v) => v + 1)} onClose={() => setTransfer(undefined)} />
      )}
    </Context.Provider>
  );
}

/** An asset route's default export: its page's body inside the shell (the four routes differ only in these two). */
export function assetRoute(page: AssetPageKey, Body: ComponentType): ComponentType {
  function AssetRoute() {
    return (
      <AssetShell page={page}>
        <Body />
      </AssetShell>
    );
  }
  AssetRoute.displayName = `AssetRoute(${page})`;
  return AssetRoute;
}
