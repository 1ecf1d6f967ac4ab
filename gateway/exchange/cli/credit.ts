/**
 * Operator command: credits a deposit to a user's account.
 *   node --import tsx gateway/exchange/cli/credit.ts --user <userId> --coin USDT --amount 100 [--env live|paper]
 * Reads DATA_DIR like the gateway. The credit is queued in the database and applied by the
 * running gateway within a second (or at its next start) as a DEPOSIT bill from the treasury.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../../db/database.ts";
import { parseScaled } from "../decimal.ts";
import { COINS, LEDGER_SCALE } from "../instruments.ts";
import { migrateExchange } from "../migrations.ts";
import { queueDeposit } from "../deposits.ts";

function fail(msg: string): never {
  console.error(`credit: ${msg}`);
  console.error("usage: credit --user <userId> --coin <COIN> --amount <decimal> [--env live|paper]");
  process.exit(2);
}

const { values } = parseArgs({
  options: { user: { type: "string" }, coin: { type: "string" }, amount: { type: "string" }, env: { type: "string", default: "live" } },
});
const user = values.user ?? fail("--user is required");
const coin = (values.coin ?? fail("--coin is required")).toUpperCase();
if (!COINS.includes(coin)) fail(`unknown coin ${coin} (one of ${COINS.join(", ")})`);
const amount = parseScaled(values.amount ?? fail("--amount is required"), LEDGER_SCALE);
if (amount === undefined || amount <= 0n) fail("--amount must be a positive decimal with at most 8 decimals");
const env = values.env === "paper" ? "paper" : values.env === "live" ? "live" : fail("--env must be live or paper");

const db = openDatabase(process.env.DATA_DIR ?? ".data");
migrateExchange(db);
const id = queueDeposit(db, { env, userId: user, coin, amount });
db.close();
console.info(JSON.stringify({ queued: id, env, user, coin, amount: values.amount }));
