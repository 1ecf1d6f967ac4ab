import type { Tdk, TdkPage } from "./tdk-seed.ts";

/** Translations of the TDK content, by locale key. English lives in tdk-seed.ts. */
export const TDK_TRANSLATIONS: Record<string, Partial<Record<TdkPage, Tdk>>> = {};
