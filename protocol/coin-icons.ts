/**
 * The listed coins' icons, drawn from this table (docs/decisions/722): a disc in the coin's brand
 * colour with its ticker written on it, 32 units square. `npm run icons` writes them to
 * public/coins/<coin>.svg (gateway/app-icons/coin-icons.ts) and a unit test checks the committed
 * files are what this draws. An icon is never changed in place (docs/decisions/604): a new look
 * needs a new name.
 */
export interface CoinIconSpec {
  /** The disc's colour. */
  disc: string;
  /** The ticker's colour, the one of white and near-black that reads on the disc. */
  ink: "#fff" | "#1b1b1b";
}

export const COIN_ICON_SPECS: Readonly<Record<string, CoinIconSpec>> = {
  ada: { disc: "#0033ad", ink: "#fff" },
  bgb: { disc: "#1fc7d4", ink: "#1b1b1b" },
  bnb: { disc: "#f0b90b", ink: "#1b1b1b" },
  btc: { disc: "#f7931a", ink: "#fff" },
  doge: { disc: "#c2a633", ink: "#1b1b1b" },
  eth: { disc: "#627eea", ink: "#fff" },
  link: { disc: "#2a5ada", ink: "#fff" },
  ltc: { disc: "#345d9d", ink: "#fff" },
  sol: { disc: "#7b3fe4", ink: "#fff" },
  trx: { disc: "#eb0029", ink: "#fff" },
  usdt: { disc: "#26a17b", ink: "#fff" },
  xrp: { disc: "#23292f", ink: "#fff" },
};

/** The coins (lower case) this site serves an icon for. */
export const COIN_ICONS: ReadonlySet<string> = new Set(Object.keys(COIN_ICON_SPECS));

/** One coin's icon as SVG text; a four-letter ticker is set smaller so it fits the disc. */
export function coinIconSvg(coin: string, spec: CoinIconSpec): string {
  const label = coin.toUpperCase();
  if (!/^[A-Z0-9]{1,5}$/.test(label) || !/^#[0-9a-f]{6}$/.test(spec.disc)) throw new Error(`coin icon: bad entry ${coin}`);
  const size = label.length > 3 ? 9 : 11;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">` +
    `<circle cx="16" cy="16" r="16" fill="${spec.disc}"/>` +
    `<text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size}" font-weight="700" fill="${spec.ink}">${label}</text>` +
    `</svg>\n`
  );
}
