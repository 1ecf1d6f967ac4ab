import { GATEWAY_DEFAULT_ALGORITHM, type GatewaySignConfig, type SignMode } from "../../protocol/signing.ts";
import { ACCOUNT_PATHS } from "../../protocol/account-paths.ts";
import { PATHS } from "../../protocol/paths.ts";
import { WS_PATHS } from "../../protocol/bitget.ts";
import { EVENT_PATHS } from "../../protocol/events.ts";
import { RESERVES_PATHS } from "../../protocol/reserves.ts";
import { VIP_PATHS } from "../../protocol/vip.ts";
import { FUTURES_OPENING_PATH } from "../../protocol/futures-opening.ts";
import type { LoginKey } from "./login-keys.ts";

/**
 * Which paths are signed and how: reads of private data with mode 1 (path, time, trace id),
 * everything that changes an account, an order, an asset or a transfer with mode 2 (also the body).
 */
export const EXACT_URLS: Record<string, SignMode> = {
  // User info is not listed: page loaders ask for it on the server, where no client key lives
  // (docs/decisions/006). It returns masked data only.
  [PATHS.logout]: 1,
  // The other logout spelling of the session-end flow, signed alike (docs/decisions/006).
  [PATHS.btapiLogout]: 1,
  [ACCOUNT_PATHS.devices]: 1,
  [ACCOUNT_PATHS.loginHistory]: 1,
  [ACCOUNT_PATHS.subList]: 1,
  [ACCOUNT_PATHS.apiKeyList]: 1,
  // The private stream's login of a web session (docs/decisions/700): path, time and trace id.
  [WS_PATHS.private]: 1,
  // Enrolling in a competition changes the account's standing (docs/decisions/800).
  [EVENT_PATHS.enrol]: 2,
  // A user's proof of reserves is private data (docs/decisions/333).
  [RESERVES_PATHS.proof]: 1,
  // The caller's own fee rates and VIP standing: private reads (docs/decisions/332).
  [VIP_PATHS.tradeRate]: 1,
  [VIP_PATHS.detail]: 1,
  // Opening futures changes what the account may do (docs/decisions/351).
  [FUTURES_OPENING_PATH]: 2,
};

/**
 * The private families of the exchange are signed with mode 2 whole: a GET has an empty body, so
 * mode 2 costs a read nothing, and a POST added to a family later has its body signed without a
 * new line here (docs/decisions/006). Public market data (`spot/market/`, `spot/public/`,
 * `margin/currencies`, `mix/market/`) matches no prefix and is never signed.
 */
export const PREFIX_URLS: Record<string, SignMode> = {
  "/v1/user/security/": 2,
  "/v1/user/api/": 2,
  "/v1/user/sub/": 2,
  "/api/v2/spot/trade/": 2,
  "/api/v2/spot/account/": 2,
  "/api/v2/spot/wallet/": 2,
  // the address book and a simulation account's own deposit (docs/decisions/330)
  "/v1/wallet/": 2,
  // identity details and photos (docs/decisions/352)
  "/v1/user/kyc/": 2,
  // every account valued, the equity history and the transfer limit (docs/decisions/331)
  "/api/v2/account/": 2,
  "/v1/asset/": 2,
  "/api/v2/margin/crossed/": 2,
  "/api/v2/margin/isolated/": 2,
  "/api/v2/mix/account/": 2,
  "/api/v2/mix/order/": 2,
  "/api/v2/mix/position/": 2,
};

/** Logins carry the device check (docs/protocol.md §7). */
export const USER_CHECK_DEVICE_URLS = [ACCOUNT_PATHS.login, "/v1/user/agency/login"];

/** The sign config with the login key current now (docs/decisions/011). */
export function signConfigOf(keys: Pick<LoginKey, "serverPublicKey" | "serverPublicKeySign">): GatewaySignConfig {
  return {
    clientOpen: true,
    serverPublicKey: keys.serverPublicKey,
    serverPublicKeySign: keys.serverPublicKeySign,
    defaultAlgorithm: GATEWAY_DEFAULT_ALGORITHM,
    exactUrls: EXACT_URLS,
    prefixUrls: PREFIX_URLS,
    signModes: [0, 1, 2],
    userCheckDeviceUrl: USER_CHECK_DEVICE_URLS,
  };
}
