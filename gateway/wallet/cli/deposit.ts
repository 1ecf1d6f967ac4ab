/**
 * Operator commands of the simulated chain (docs/decisions/330):
 *   npm run wallet:deposit -- --email <e-mail> --coin USDT --chain TRC20 --amount 100 [--env live|paper]
 *   npm run wallet:deposit -- --fail-withdrawal <orderId>
 * Reads DATA_DIR like the gateway. A deposit is written as the chain first sees it (0
 * confirmations); the running gateway confirms it block by block and credits it. A withdrawal
 * marked to fail is given back by the running gateway at its next block.
 */
import { parseArgs } from "node:util";
import { walletChain } from "../../../protocol/wallet.ts";
import { Users } from "../../accounts/users.ts";
import { migrate, openDatabase } from "../../db/database.ts";
import { LEDGER_SCALE } from "../../exchange/instruments.ts";
import { walletConfigFromEnv } from "../config.ts";
import { amountOf, recordDeposit } from "../service.ts";
import { WALLET_MIGRATIONS, WalletStore } from "../store.ts";

function fail(msg: string): never {
  console.error(`wallet: ${msg}`);
  console.error("usage: wallet:deposit -- --email <e-mail> --coin <COIN> --chain <CHAIN> --amount <decimal> [--env live|paper]");
  console.error("       wallet:deposit -- --fail-withdrawal <orderId>");
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    coin: { type: "string" },
    chain: { type: "string" },
    amount: { type: "string" },
    env: { type: "string", default: "live" },
    "fail-withdrawal": { type: "string" },
  },
});

const db = openDatabase(process.env.DATA_DIR ?? ".data");
migrate(db, WALLET_MIGRATIONS);
const store = new WalletStore(db);
try {
  if (values["fail-withdrawal"] !== undefined) {
    const id = Number(values["fail-withdrawal"]);
    if (!Number.isSafeInteger(id) || !store.requestFailure(id)) fail(`no pending or processing withdrawal ${values["fail-withdrawal"]}`);
    console.info(JSON.stringify({ failing: id }));
  } else {
    const email = (values.email ?? fail("--email is required")).toLowerCase();
    const user = new Users(db).byEmail(email) ?? fail(`no account with the e-mail ${email}`);
    const coin = (values.coin ?? fail("--coin is required")).toUpperCase();
    const chain = walletChain(coin, values.chain ?? fail("--chain is required")) ?? fail(`${values.chain} is not a network of ${coin}`);
    const env = values.env === "paper" ? "paper" : values.env === "live" ? "live" : fail("--env must be live or paper");
    let amount: bigint;
    try {
      amount = amountOf(values.amount ?? fail("--amount is required"), LEDGER_SCALE, "amount");
    } catch (err) {
      fail((err as Error).message);
    }
    const d = recordDeposit(store, store.addressSecret(walletConfigFromEnv().addressSecret), { env, userId: user.id, coin, chain, amount });
    console.info(
      JSON.stringify({
        orderId: String(d.id),
        env,
        coin,
        chain: chain.chain,
        amount: values.amount,
        toAddress: d.to_address,
        tag: d.tag,
        confirmationsNeeded: d.need_confirm,
      }),
    );
  }
} finally {
  db.close();
}
