import { TDK_EN, type TdkTexts } from "../tdk-seed.ts";

/**
 * The English locales other than `en` (US spelling, "program"). The UK and Singapore (`asia`,
 * Intl `en-SG`) write "programme"; Canada follows the US here.
 */
const BRITISH: TdkTexts = { ...TDK_EN, vip: { ...TDK_EN.vip, title: "VIP programme | Mix Exchange" } };

export const TDK_ENGLISH: Record<"asia" | "en-GB" | "en-CA", TdkTexts> = {
  asia: BRITISH,
  "en-GB": BRITISH,
  "en-CA": TDK_EN,
};
