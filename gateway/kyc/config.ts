import { z } from "zod";
import { parseEnv } from "../validate.ts";

/**
 * The KYC area's settings (docs/decisions/352), read once from the environment:
 * - KYC_AUTO_REVIEW (default off): `approve` or `reject` decides every application by itself once it
 *   has waited KYC_AUTO_REVIEW_DELAY_MS, as a demo or test stand-in for the operator; `off` leaves
 *   every application to `npm run kyc:review`;
 * - KYC_AUTO_REVIEW_DELAY_MS (default 5000): how long an application waits for the automatic reviewer.
 */
const Schema = z.object({
  KYC_AUTO_REVIEW: z.enum(["approve", "reject", "off"]).default("off"),
  KYC_AUTO_REVIEW_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3_600_000)
    .default(5000),
});

export interface KycConfig {
  autoReview: "approve" | "reject" | "off";
  autoReviewDelayMs: number;
}

export function kycConfigFromEnv(env: NodeJS.ProcessEnv = process.env): KycConfig {
  const e = parseEnv(Schema, env, "kyc");
  return { autoReview: e.KYC_AUTO_REVIEW, autoReviewDelayMs: e.KYC_AUTO_REVIEW_DELAY_MS };
}
