import { FUND_CODES, FUND_PATHS } from "../../../protocol/fund";
import type { ResponseHandler } from "~/lib/http/types";

/** Asks the person for the fund password and proves it for trades; true once proven, false if they gave up. */
export type PresentFundPrompt = () => Promise<boolean>;

/**
 * docs/decisions/350, 724: a web order refused with `47022` (the account asks for the fund password
 * before trades) opens the prompt; once the password is proven the order is sent again, once. The
 * fund calls themselves are never intercepted.
 */
export function fundTradeLoop(present: PresentFundPrompt): ResponseHandler {
  return async ({ request, envelope }) => {
    if (envelope?.code !== FUND_CODES.tradeNeedsFund) return undefined;
    if (request.path.split("?")[0] === FUND_PATHS.tradeVerify) return undefined;
    return (await present()) ? { retryWithHeaders: {} } : undefined;
  };
}
