/**
 * Writes the coin icons of app/lib/markets/coin-icons.ts to public/coins (docs/decisions/722):
 * `npm run icons` runs it with the app's icons; coin-icons.test.ts checks the committed files.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { COIN_ICON_SPECS, coinIconSvg } from "../../protocol/coin-icons.ts";

export const coinIconPath = (coin: string) => resolve(import.meta.dirname, `../../public/coins/${coin}.svg`);

export function writeCoinIcons(): void {
  mkdirSync(resolve(import.meta.dirname, "../../public/coins"), { recursive: true });
  for (const [coin, spec] of Object.entries(COIN_ICON_SPECS)) writeFileSync(coinIconPath(coin), coinIconSvg(coin, spec));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) writeCoinIcons();
