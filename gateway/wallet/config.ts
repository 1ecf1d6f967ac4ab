import { z } from "zod";
import { parseEnv } from "../validate.ts";

/**
 * The simulated chain's settings (docs/decisions/330), read once from the environment:
 * - WALLET_BLOCK_INTERVAL_MS (default 10000): one block, one confirmation more for what is on the chain;
 * - WALLET_REVIEW_BLOCKS (default 6): how many blocks a withdrawal waits, cancellable, before it is sent;
 * - WALLET_ADDRESS_SECRET: the HMAC key of deposit addresses (unset: one made at the first start and kept).
 */
const Schema = z.object({
  WALLET_BLOCK_INTERVAL_MS: z.coerce.number().int().min(20).max(3_600_000).default(10_000),
  WALLET_REVIEW_BLOCKS: z.coerce.number().int().min(0).max(10_000).default(6),
  WALLET_ADDRESS_SECRET: z.string().min(16).optional(),
});

export interface WalletConfig {
  blockIntervalMs: number;
  reviewBlocks: number;
  addressSecret?: string | undefined;
}

export function walletConfigFromEnv(env: NodeJS.ProcessEnv = process.env): WalletConfig {
  const e = parseEnv(Schema, env, "wallet");
  return { blockIntervalMs: e.WALLET_BLOCK_INTERVAL_MS, reviewBlocks: e.WALLET_REVIEW_BLOCKS, addressSecret: e.WALLET_ADDRESS_SECRET };
}
