/**
 * Opening futures (docs/decisions/351): the risk agreement a trader accepts and the short quiz
 * answered right before the first futures order. Shared by the gateway (which checks the answers)
 * and the screen (which explains a wrong one); the texts live in the `futopen` locale namespace.
 */

/** The web path that opens futures for the calling account (a session, or an API key with trade permission). */
export const FUTURES_OPENING_PATH = "/v1/mix/account/open-contract";

/** The agreement's current version; an acceptance names the version the trader read. */
export const FUTURES_AGREEMENT_VERSION = "2026-11";

/** The quiz: each question's id, its options and the right one. */
export const FUTURES_QUIZ = [
  { id: "leverage", options: ["a", "b", "c"], answer: "b" },
  { id: "liquidation", options: ["a", "b", "c"], answer: "c" },
  { id: "funding", options: ["a", "b", "c"], answer: "a" },
] as const;

export type QuizQuestion = (typeof FUTURES_QUIZ)[number];
export type QuizId = QuizQuestion["id"];

/** What the opening call sends: the agreement version read and one answer per question. */
export interface FuturesOpeningBody {
  agreement: string;
  answers: Record<QuizId, string>;
}

/** The opening's answer: the account's `openContract` (user info `oc`) and when it was opened (ms). */
export interface FuturesOpeningAnswer {
  openContract: true;
  openedAt: number;
}
