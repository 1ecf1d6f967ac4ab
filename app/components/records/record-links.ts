import type { LinksFunction } from "@remix-run/node";
import recordsCss from "~/styles/records.css?url";
import tradeCss from "~/styles/trade.css?url";

/** The stylesheets of a record page: the trading tables' and the record kit's own (docs/decisions/712). */
export const recordLinks: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: recordsCss },
];
