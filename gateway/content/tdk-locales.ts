import type { Tdk, TdkPage } from "./tdk-seed.ts";
import { TDK_ARABIC } from "./tdk/arabic.ts";
import { TDK_EAST_ASIAN } from "./tdk/east-asian.ts";
import { TDK_ENGLISH } from "./tdk/english.ts";
import { TDK_PORTUGUESE } from "./tdk/portuguese.ts";
import { TDK_SLAVIC } from "./tdk/slavic.ts";
import { TDK_SOUTH_EAST_ASIAN } from "./tdk/south-east-asian.ts";
import { TDK_SPANISH } from "./tdk/spanish.ts";
import { TDK_UZBEK } from "./tdk/uzbek.ts";
import { TDK_WESTERN_EUROPEAN } from "./tdk/western-european.ts";

/**
 * Translations of the TDK content, by locale key; English lives in tdk-seed.ts. Each group of
 * languages has its own module under tdk/. Every non-English locale has every page
 * (tdk-locales.test.ts); tdk.ts still falls back to English per page for anything missing.
 */
export const TDK_TRANSLATIONS: Record<string, Partial<Record<TdkPage, Tdk>>> = {
  ...TDK_ENGLISH,
  ...TDK_WESTERN_EUROPEAN,
  ...TDK_SPANISH,
  ...TDK_PORTUGUESE,
  ...TDK_SLAVIC,
  ...TDK_EAST_ASIAN,
  ...TDK_SOUTH_EAST_ASIAN,
  ...TDK_ARABIC,
  ...TDK_UZBEK,
};
