/**
 * Operator command: steers the simulated futures market's price, for tests and demos
 * (docs/decisions/316). Works only on a gateway started with SIM_PRICE_CONTROL=1:
 *   npm run futures:price -- --symbol BTCUSDT --price 58000 [--rate 1] [--env live|paper] [--wait 5]
 *   npm run futures:price -- --symbol BTCUSDT --release [--rate 1] [--env live|paper] [--wait 5]
 *   npm run futures:price -- --market spot --symbol BTCUSDT --price 58000 … (the spot pair instead)
 * `--price` pins the contract's index and moves it there by at most `--rate` percent a second
 * (default 1); `--release` moves it back to the spot price and ends the pin. The command is
 * written to the gateway's database (DATA_DIR, like the gateway); the running gateway takes it
 * within a second and says so. Without that answer within `--wait` seconds (0: do not wait) the
 * command exits 1: the gateway is not running, or runs without the control.
 * `--market spot` pins the spot pair's simulated fair price instead, which the spot market makers
 * and takers follow, so margin accounts see the move (docs/decisions/316, addendum).
 */
import { parseArgs } from "node:util";
import { migrate, openDatabase } from "../../db/database.ts";
import { parseScaled } from "../../exchange/decimal.ts";
import { contract } from "../contracts.ts";
import { FUTURES_MIGRATIONS } from "../migrations.ts";
import { MAX_TARGET_TICKS } from "../price-control.ts";
import { FUTURES_PRICE_KEYS, PriceControlStore, SPOT_PRICE_KEYS } from "../price-control-store.ts";

const USAGE =
  "usage: futures:price -- [--market futures|spot] --symbol <SYMBOL> (--price <decimal> | --release) [--rate <percent a second>] [--env live|paper] [--wait <s>]";

function fail(msg: string, code = 2): never {
  console.error(`futures:price: ${msg}`);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

function args() {
  try {
    return parseArgs({
      options: {
        market: { type: "string", default: "futures" },
        symbol: { type: "string" },
        price: { type: "string" },
        release: { type: "boolean", default: false },
        rate: { type: "string", default: "1" },
        env: { type: "string", default: "live" },
        wait: { type: "string", default: "5" },
      },
    }).values;
  } catch (err) {
    // an unknown option, or a value that looks like one (`--price -5`)
    return fail((err as Error).message);
  }
}
const values = args();
if (values.market !== "futures" && values.market !== "spot") fail("--market must be futures or spot");
const c = contract(values.symbol ?? fail("--symbol is required"));
if (!c || c.symbol !== values.symbol?.toUpperCase()) fail(`unknown contract ${values.symbol}`);
if (values.release === (values.price !== undefined)) fail("give either --price or --release");
let target: number | null = null;
if (values.price !== undefined) {
  const ticks = parseScaled(values.price, c.inst.pricePrecision);
  if (ticks === undefined || ticks <= 0n || ticks > BigInt(MAX_TARGET_TICKS))
    fail(`--price must be a positive decimal with at most ${c.inst.pricePrecision} decimals`);
  target = Number(ticks);
}
// the rate in percent a second, to ppm of the price: 0.0001 % to 100 %
const ratePpm = parseScaled(values.rate, 4);
if (ratePpm === undefined || ratePpm < 1n || ratePpm > 1_000_000n) fail("--rate must be a percentage from 0.0001 to 100");
const env = values.env === "paper" ? "paper" : values.env === "live" ? "live" : fail("--env must be live or paper");
const waitS = Number(values.wait);
if (!Number.isInteger(waitS) || waitS < 0 || waitS > 600) fail("--wait must be whole seconds from 0 to 600");

const db = openDatabase(process.env.DATA_DIR ?? ".data");
migrate(db, FUTURES_MIGRATIONS);
const store = new PriceControlStore(db, values.market === "spot" ? SPOT_PRICE_KEYS : FUTURES_PRICE_KEYS);
const seq = store.put({ env, symbol: c.symbol, target, ratePpm: Number(ratePpm) });
const out = { seq, market: values.market, env, symbol: c.symbol, price: values.price ?? null, ratePercent: values.rate };
const deadline = Date.now() + waitS * 1000;
while (waitS > 0 && (store.acked(env, c.symbol) ?? 0) < seq) {
  if (Date.now() > deadline) {
    db.close();
    fail(`not taken within ${waitS} s: is the gateway running on this DATA_DIR with SIM_PRICE_CONTROL=1?`, 1);
  }
  await new Promise((r) => setTimeout(r, 100));
}
db.close();
console.info(JSON.stringify({ ...out, taken: waitS > 0 }));
