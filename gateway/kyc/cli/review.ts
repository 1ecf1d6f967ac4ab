/**
 * Operator command: reviews identity verification applications (docs/decisions/352).
 *   npm run kyc:review                                   lists the pending applications
 *   npm run kyc:review -- --approve <id>                 approves one
 *   npm run kyc:review -- --reject <id> --reason <text>  rejects one, telling the user why
 * Reads DATA_DIR like the gateway and writes the decision straight to its database: the running
 * gateway reads a user's level on every request, so the decision shows at once. The listing names
 * each photo's file under DATA_DIR/kyc-photos for the operator to look at.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Users } from "../../accounts/users.ts";
import { migrate, openDatabase } from "../../db/database.ts";
import { photoDir, review } from "../service.ts";
import { KYC_MIGRATIONS, KycStore } from "../store.ts";

function fail(msg: string): never {
  console.error(`kyc:review: ${msg}`);
  console.error("usage: kyc:review [--approve <id> | --reject <id> --reason <text>]");
  process.exit(2);
}

const { values } = parseArgs({
  options: { approve: { type: "string" }, reject: { type: "string" }, reason: { type: "string" } },
});
if (values.approve !== undefined && values.reject !== undefined) fail("--approve and --reject together");
const idText = values.approve ?? values.reject;
const id = idText === undefined ? undefined : /^\d{1,12}$/.test(idText) ? Number(idText) : fail("the application id is a whole number");
const reason = (values.reason ?? "").trim();
if (values.reject !== undefined && (reason.length < 3 || reason.length > 200))
  fail("--reason of 3 to 200 characters is required to reject");
if (values.approve !== undefined && values.reason !== undefined) fail("--reason goes with --reject");

const dataDir = process.env.DATA_DIR ?? ".data";
const db = openDatabase(dataDir);
migrate(db, KYC_MIGRATIONS);
const store = new KycStore(db);
const users = new Users(db);
try {
  if (id === undefined) {
    for (const a of store.pending()) {
      const photo = (f: string) => (f ? join(photoDir(dataDir), f) : "");
      console.info(
        JSON.stringify({
          id: a.id,
          userId: a.userId,
          login: users.byId(a.userId)?.login_name ?? "",
          level: a.level,
          realName: a.realName,
          country: a.country,
          birthDate: a.birthDate,
          idNumber: a.idNumber,
          documentPhoto: photo(a.documentFile),
          selfiePhoto: photo(a.selfieFile),
          createdAt: new Date(a.createdAt).toISOString(),
        }),
      );
    }
  } else {
    const done = review(store, id, values.approve !== undefined, reason, "operator");
    console.info(JSON.stringify({ id: done.id, userId: done.userId, level: done.level, status: done.status, reason: done.reason }));
  }
} catch (err) {
  fail((err as Error).message);
} finally {
  db.close();
}
