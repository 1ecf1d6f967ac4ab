import { useRouteLoaderData } from "@remix-run/react";
import type { Layout, Theme, ValuationUnit } from "./prefs/cookie-prefs";
import type { RatesState } from "./prefs/rates";

/** Who is logged in, as the root loader tells every page (made by ~/utils/user.server). */
export interface PageUser {
  userId: string;
  userName: string;
  subAccount: boolean;
}

/**
 * What the root loader gives every page: language and direction, theme, layout, currency, read
 * from the address and the preference cookies, the logged-in user and the USDT rates. Declared
 * here rather than inferred from the loader so hooks and components below the routes can read
 * it without importing the root module (docs/decisions/016).
 */
export interface RootData {
  /** The locale key (`zh-TC`, `asia`): the i18next language. */
  locale: string;
  /** The BCP 47 tag for `<html lang>` and Intl. */
  lang: string;
  dir: "ltr" | "rtl";
  /** This locale's texts plus English, by locale and namespace. */
  resources: Record<string, Record<string, Record<string, unknown>>>;
  theme: Theme;
  layout: Layout;
  currency: string;
  currencyPicked: boolean;
  showAsset: boolean;
  valuationUnit: ValuationUnit;
  publicOrigin: string;
  issuerCert: string | null;
  user: PageUser | null;
  rates: RatesState;
}

/** The root loader's data, or undefined while an error boundary renders without it. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
