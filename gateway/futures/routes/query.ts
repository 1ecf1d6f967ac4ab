/** Query helpers of the mix endpoints: product type and contract, answered with Bitget's codes. */
import { EX_CODES } from "../../../protocol/bitget.ts";
import { PAPER_PRODUCT_TYPES, PRODUCT_TYPES, type ProductType } from "../../../protocol/mix.ts";
import { GatewayError } from "../../envelope.ts";
import { canonical, shown } from "../../exchange/fields.ts";
import { qString, type Query } from "../../exchange/routes/query.ts";
import { contract, type Contract } from "../contracts.ts";

/** Bitget's product type, in any case; the simulated-trading names (`SUSDT-FUTURES`) read as their live product. */
export function productTypeOf(value: unknown, required = true): ProductType | undefined {
  if (value === undefined || value === "") {
    if (required) throw new GatewayError(EX_CODES.paramEmpty, "Parameter productType cannot be empty");
    return undefined;
  }
  const t = typeof value === "string" ? canonical(PRODUCT_TYPES, value, PAPER_PRODUCT_TYPES) : undefined;
  if (!t) throw new GatewayError(EX_CODES.paramInvalid, `Parameter productType is invalid: ${shown(value)}`);
  return t;
}

export function qProductType(q: Query, required = true): ProductType | undefined {
  return productTypeOf(q.productType, required);
}

/** The contract named by `symbol`; only USDT-M perpetuals are listed. */
export function contractOf(symbol: unknown, productType: ProductType | undefined): Contract {
  if (symbol === undefined || symbol === "") throw new GatewayError(EX_CODES.paramEmpty, "Parameter symbol cannot be empty");
  const c = typeof symbol === "string" && symbol.length <= 32 ? contract(symbol) : undefined;
  if (!c || (productType !== undefined && productType !== "USDT-FUTURES"))
    throw new GatewayError(EX_CODES.paramNotExist, `Parameter ${shown(symbol)} does not exist`);
  return c;
}

export function qContract(q: Query, productTypeRequired = true): Contract {
  const pt = qProductType(q, productTypeRequired);
  return contractOf(qString(q, "symbol", true, 32), pt);
}

/** An optional `symbol` filter as its contract's symbol (undefined when absent); a named one must be listed. */
export function qSymbolFilter(q: Query, productType: ProductType | undefined): string | undefined {
  const symbol = qString(q, "symbol", false, 32);
  return symbol === undefined ? undefined : contractOf(symbol, productType).symbol;
}
