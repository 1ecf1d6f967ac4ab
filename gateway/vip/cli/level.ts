/**
 * Operator command: shows or grants a user's VIP level (docs/decisions/332).
 *   npm run vip:level -- --email <e-mail> [--level N] [--env live|paper]
 * Reads DATA_DIR like the gateway. Without --level it prints the level last computed. With
 * --level it queues a grant that the running gateway applies within a second (or at its next
 * start): the level becomes a floor for the user's group until a grant of 0 withdraws it.
 */
import { parseArgs } from "node:util";
import { TOP_LEVEL } from "../../../protocol/vip.ts";
import { Users } from "../../accounts/users.ts";
import { migrate, openDatabase } from "../../db/database.ts";
import { VIP_MIGRATIONS, VipStore } from "../store.ts";

function fail(msg: string): never {
  console.error(`vip:level: ${msg}`);
  console.error("usage: vip:level --email <e-mail> [--level 0-6] [--env live|paper]");
  process.exit(2);
}

const { values } = parseArgs({
  options: { email: { type: "string" }, level: { type: "string" }, env: { type: "string", default: "live" } },
});
const email = values.email ?? fail("--email is required");
const env = values.env === "paper" ? "paper" : values.env === "live" ? "live" : fail("--env must be live or paper");
let level: number | undefined;
if (values.level !== undefined) {
  level = /^\d$/.test(values.level) ? Number(values.level) : -1;
  if (level < 0 || level > TOP_LEVEL) fail(`--level must be a whole number from 0 to ${TOP_LEVEL}`);
}

const db = openDatabase(process.env.DATA_DIR ?? ".data");
migrate(db, VIP_MIGRATIONS);
const user = new Users(db).byEmail(email) ?? fail(`no user with the e-mail ${email}`);
const store = new VipStore(db);
if (level !== undefined) store.grant(env, user.id, level, Date.now());
const row = store.levelOf(env, user.id);
db.close();
console.info(
  JSON.stringify({
    userId: user.id,
    env,
    level: row?.level ?? 0,
    computedAt: row?.computedAt ?? 0,
    ...(level !== undefined ? { granted: level, note: "the running gateway applies the grant within a second" } : {}),
  }),
);
