/**
 * Operator command: takes a proof-of-reserves snapshot now (docs/decisions/333):
 *   npm run reserves:snapshot [-- --wait 10]
 * The request is written to the gateway's database (DATA_DIR, like the gateway); the running
 * gateway takes the snapshot within a second and the command prints its id and root hash. Without
 * that answer within `--wait` seconds the command exits 1: the gateway is not running.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { migrate, openDatabase } from "../../db/database.ts";
import { RESERVES_MIGRATIONS, ReservesStore } from "../store.ts";

const { values } = parseArgs({ options: { wait: { type: "string", default: "10" } } });
const wait = Number(values.wait);
if (!Number.isFinite(wait) || wait <= 0 || wait > 600) {
  console.error("reserves:snapshot: --wait must be a number of seconds between 1 and 600");
  process.exit(2);
}
const db = openDatabase(process.env.DATA_DIR ?? ".data");
migrate(db, RESERVES_MIGRATIONS);
const store = new ReservesStore(db);
const request = store.request();
const deadline = Date.now() + wait * 1000;
let answered: number | null = null;
while (answered === null && Date.now() < deadline) {
  await sleep(200);
  answered = store.answerOf(request);
}
const snap = answered === null ? undefined : store.snapshot(answered);
db.close();
if (!snap) {
  console.error(`reserves:snapshot: no answer within ${wait} s; is the gateway running on this DATA_DIR?`);
  process.exit(1);
}
console.info(`snapshot ${snap.id} at ${new Date(snap.takenAt).toISOString()}: root ${snap.rootHash}, ${snap.leafCount} accounts`);
