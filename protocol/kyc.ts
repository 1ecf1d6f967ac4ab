/**
 * Identity verification (docs/decisions/352): the paths of the KYC area, the levels and the daily
 * withdrawal limit of each, the codes it answers with and the rules of the personal details, which
 * the browser's form and the gateway both apply.
 */

export const KYC_PATHS = {
  /** The account's level, its latest application, which photos are on file and its withdrawal limit today. */
  info: "/v1/user/kyc/info",
  /** Level 1: personal details, reviewed. */
  submitBasic: "/v1/user/kyc/basic",
  /** One photo for level 2: `{ kind: "document" | "selfie", image: base64 of a JPEG or PNG }`. */
  upload: "/v1/user/kyc/upload",
  /** Level 2: both photos on file, reviewed. */
  submitAdvanced: "/v1/user/kyc/advanced",
  /** The owner's own photo, re-encoded: `?kind=document|selfie` (never anyone else's). */
  image: "/v1/kyc/image",
} as const;

export type KycLevel = 0 | 1 | 2;
export const KYC_LEVELS: readonly KycLevel[] = [0, 1, 2];
export type ImageKind = "document" | "selfie";
export const IMAGE_KINDS: readonly ImageKind[] = ["document", "selfie"];
export type KycStatus = "pending" | "approved" | "rejected";

/**
 * Withdrawals per rolling 24 hours, in USDT at the spot last price, by identity level. A
 * sub-account has its main account's level and its own 24 hours.
 */
export const KYC_DAILY_WITHDRAW_USDT: Record<KycLevel, string> = { 0: "1000", 1: "100000", 2: "2000000" };
export const KYC_WINDOW_MS = 24 * 3600_000;

export const KYC_CODES = {
  /** Bitget's "your withdrawal amount exceeds the daily limit". */
  withdrawLimit: "34009",
  /** An application is already waiting for review. */
  pending: "47030",
  /** This step needs the level below it first, or the level is already reached. */
  wrongLevel: "47031",
  /** A sub-account has its main account's level and cannot verify by itself. */
  subAccount: "47032",
  /** An upload that is not a JPEG or PNG image by its content, too large or undecodable. */
  imageRefused: "47033",
  /** Level 2 needs both photos on file. */
  imagesMissing: "47034",
} as const;

/** Largest photo accepted, in bytes after base64 decoding (the browser shrinks photos well below this). */
export const KYC_IMAGE_MAX_BYTES = 700 * 1024;
/** Largest side of a stored photo; larger ones are scaled down before they are re-encoded. */
export const KYC_IMAGE_MAX_SIDE = 1600;
/** Largest picture decoded at all (width × height: a 12 MP phone photo), against decompression bombs and long decodes. */
export const KYC_IMAGE_MAX_PIXELS = 12_000_000;

export const KYC_NAME_MAX = 64;
/** Letters (any script), combining marks, inner spaces, apostrophes, hyphens and dots; no digits. */
const NAME_RULE = /^[\p{L}\p{M}](?:[\p{L}\p{M}.' -]*[\p{L}\p{M}.])?$/u;
const ID_RULE = /^[A-Z0-9](?:[A-Z0-9-]{3,28})[A-Z0-9]$/;
const DATE_RULE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** ISO 3166-1 alpha-2 codes a document may come from; the pages name them with Intl.DisplayNames. */
export const KYC_COUNTRIES = (
  "AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH " +
  "CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM " +
  "GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI " +
  "LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ " +
  "OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC " +
  "TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");
const COUNTRY_SET = new Set(KYC_COUNTRIES);

export interface BasicDetails {
  realName: string;
  country: string;
  birthDate: string;
  idNumber: string;
}

/** The details as they are kept: spaces collapsed, the country and document number in capitals. */
export function normaliseBasic(d: BasicDetails): BasicDetails {
  return {
    realName: d.realName.normalize("NFC").trim().replace(/\s+/g, " "),
    country: d.country.trim().toUpperCase(),
    birthDate: d.birthDate.trim(),
    idNumber: d.idNumber.trim().toUpperCase().replace(/\s+/g, ""),
  };
}

export type BasicProblem = "name" | "country" | "birthDate" | "tooYoung" | "idNumber";

/** What is wrong with the (normalised) details, field by field; `now` is the clock of the check. */
export function basicProblems(d: BasicDetails, now: number): Partial<Record<keyof BasicDetails, BasicProblem>> {
  const out: Partial<Record<keyof BasicDetails, BasicProblem>> = {};
  if (d.realName.length < 2 || d.realName.length > KYC_NAME_MAX || !NAME_RULE.test(d.realName)) out.realName = "name";
  if (!COUNTRY_SET.has(d.country)) out.country = "country";
  const m = DATE_RULE.exec(d.birthDate);
  const born = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  const real = m && new Date(born).toISOString().slice(0, 10) === d.birthDate;
  if (!real) out.birthDate = "birthDate";
  else {
    const today = new Date(now);
    const adult = Date.UTC(Number(m[1]) + 18, Number(m[2]) - 1, Number(m[3]));
    const limit = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
    if (adult > limit) out.birthDate = "tooYoung";
    else if (Number(m[1]) < today.getUTCFullYear() - 120) out.birthDate = "birthDate";
  }
  if (!ID_RULE.test(d.idNumber)) out.idNumber = "idNumber";
  return out;
}

/** The masked name of user info's `starRealName`: first and last letter kept, as phone and e-mail are masked. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return "";
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}****${chars[chars.length - 1]}`;
}
