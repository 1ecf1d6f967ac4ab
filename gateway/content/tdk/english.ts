import { TDK_EN, type TdkTexts } from "../tdk-seed.ts";

/**
 * The English locales other than `en`. The source text already spells British-style
 * ("programme"), which is right for Singapore and the UK; Canada writes "program".
 */
export const TDK_ENGLISH: Record<"asia" | "en-GB" | "en-CA", TdkTexts> = {
  asia: TDK_EN,
  "en-GB": TDK_EN,
  "en-CA": {
    ...TDK_EN,
    vip: { ...TDK_EN.vip, title: "VIP program | Mix Exchange" },
  },
};
