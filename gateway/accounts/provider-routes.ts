import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import { ACCOUNT_PATHS, type LoginConfig, type LoginProvider } from "../../protocol/account-paths.ts";
import { ENCRYPTED_PATHS } from "../../protocol/signing.ts";
import { ok, refuse } from "../envelope.ts";
import { parseBody } from "../validate.ts";
import { optional } from "./fields.ts";
import type { AccountService } from "./service.ts";

const THIRD_PREFIX = "/v1/user/public/third/";
export const THIRD_PATHS = Object.keys(ENCRYPTED_PATHS).filter((p) => p.startsWith(THIRD_PREFIX));

/** The provider a third-party path belongs to; the generic steps (check, bind, securityVerify) continue any. */
export function providerOf(path: string): LoginProvider | "any" {
  const rest = path.slice(THIRD_PREFIX.length);
  if (rest.startsWith("apple/")) return "apple";
  if (rest.startsWith("google/")) return "google";
  if (rest.startsWith("wallet/")) return "wallet";
  if (rest.startsWith("tg/")) return "telegram";
  return "any";
}

const text = z.string().max(8192);
const ThirdFields = z
  .object(Object.fromEntries((ENCRYPTED_PATHS[THIRD_PATHS[0] ?? ""] ?? []).map((f) => [f, optional(text)])))
  .strict()
  .refine((f) => Object.values(f).some((v) => v !== undefined && v !== ""), "no fields");
const QrFields = z.object({ qrcodeKey: z.string().min(8).max(128) }).strict();
const FidoFields = z.object({ fidoVerifyCode: z.string().min(1).max(8192) }).strict();

/**
 * Third-party, QR and FIDO logins (docs/product.md §7.2, docs/decisions/502). The embedded gateway has no
 * provider it could reach, so its login config lists none; the paths still open and check their
 * sealed payloads, so a client learns of a broken payload before it learns the provider is absent.
 */
export function providerRoutes(app: FastifyInstance, kit: AccountService): void {
  const config: LoginConfig = { providers: [] };
  app.post(ACCOUNT_PATHS.loginConfig, async () => ok(config));

  const notConfigured = (provider: string) =>
    refuse(CODES.providerNotConfigured, `Login with ${provider} is not configured on this exchange`);

  for (const path of THIRD_PATHS) {
    app.post(path, async (req) => {
      parseBody(ThirdFields, kit.crypto.openLogin(req.body).fields);
      const provider = providerOf(path);
      throw notConfigured(provider === "any" ? "a third-party account" : provider);
    });
  }
  for (const path of [ACCOUNT_PATHS.qrKeyStatus, ACCOUNT_PATHS.crossTerminalLoginStatus]) {
    app.post(path, async (req) => {
      parseBody(QrFields, kit.crypto.openLogin(req.body).fields);
      throw notConfigured("a QR code");
    });
  }
  app.post(ACCOUNT_PATHS.fidoLogin, async (req) => {
    parseBody(FidoFields, kit.crypto.openLogin(req.body).fields);
    throw notConfigured("a security key (FIDO)");
  });
}
