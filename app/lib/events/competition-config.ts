/** What an event page hands its competition bundle (docs/decisions/800): a JSON script with this id. */
export const COMPETITION_CONFIG_ID = "events-competition-config";

/** Element ids the server renders and the bundle updates. */
export const COMPETITION_IDS = {
  join: "events-join",
  joinStatus: "events-join-status",
  rows: "events-board-rows",
  me: "events-board-me",
  empty: "events-board-empty",
  participants: "events-board-participants",
  note: "events-board-note",
} as const;

/** How often an open page asks for fresh standings; the gateway computes them at most every 2 s. */
export const BOARD_REFRESH_MS = 5_000;

export interface CompetitionTexts {
  you: string;
  yourRank: string;
  yourResult: string;
  disqualified: string;
  joining: string;
  joined: string;
  failed: string;
  notStarted: string;
  ended: string;
  unavailable: string;
  final: string;
  participants: string;
  /** A demo lead's copy link, and its accessible name with `{{name}}`. */
  copy: string;
  copyLabel: string;
}

export interface CompetitionConfig {
  slug: string;
  by: "pnl" | "return";
  /** The page's BCP 47 tag for numbers. */
  intl: string;
  final: boolean;
  texts: CompetitionTexts;
  /** The page's localized `/copy-trading/trader`, under which a demo lead's profile is linked. */
  copyBase: string;
  /** The issuer certificate for the sign config; only on a logged-in page, which may enrol. */
  issuerCert: string | null;
}
