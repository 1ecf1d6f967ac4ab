/**
 * Operator command for events, on the gateway's database (DATA_DIR, like the gateway):
 *   npm run events:admin -- list
 *   npm run events:admin -- create --file event.json
 *   npm run events:admin -- create --slug spring-cup --kind trading-competition \
 *       --starts 2026-12-01T00:00:00Z --ends 2026-12-31T00:00:00Z --title "Spring cup" [--summary …] [--rules-file rules.html] [--image …]
 *   npm run events:admin -- update --slug spring-cup [--ends …] [--locale de --title … --summary … --rules-file …] [--image …]
 * The same rules as the operator API apply (docs/decisions/800); a running gateway sees the change
 * on its next read, and a new end within a minute.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { migrate, openDatabase } from "../../db/database.ts";
import { GatewayError } from "../../envelope.ts";
import { EVENT_MIGRATIONS } from "../migrations.ts";
import { EventService } from "../service.ts";
import { EventStore } from "../store.ts";

const USAGE = `usage: events:admin -- list
       events:admin -- create --file event.json
       events:admin -- create --slug S --kind trading-competition|announcement --starts ISO --ends ISO --title T [--summary S] [--rules-file F] [--image URL] [--locale en]
       events:admin -- update --slug S [--kind K] [--starts ISO] [--ends ISO] [--image URL] [--locale L --title T [--summary S] [--rules-file F]]`;

function fail(msg: string): never {
  console.error(`events:admin: ${msg}`);
  console.error(USAGE);
  process.exit(2);
}

/** A date with its zone spelled out (`2026-12-01T00:00:00Z`, `…+09:00`) or Unix milliseconds; nothing the machine's zone would decide. */
function parseWhen(text: string, flag: string): number {
  if (/^\d{13}$/.test(text)) return Number(text);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text))
    fail(`${flag} must be an ISO date with a zone or Unix milliseconds`);
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) fail(`${flag} is not a real date`);
  return ms;
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    file: { type: "string" },
    slug: { type: "string" },
    kind: { type: "string" },
    starts: { type: "string" },
    ends: { type: "string" },
    image: { type: "string" },
    locale: { type: "string" },
    title: { type: "string" },
    summary: { type: "string" },
    "rules-file": { type: "string" },
  },
});
const command = positionals[0];
if (positionals.length !== 1 || !["list", "create", "update"].includes(command ?? "")) fail("one command: list, create or update");

function textsFromFlags(required: boolean): Record<string, unknown> | undefined {
  const { title, summary } = values;
  const rulesFile = values["rules-file"];
  if (title === undefined && summary === undefined && rulesFile === undefined) {
    if (required) fail("--title is required");
    return undefined;
  }
  if (title === undefined) fail("--title is required with --summary or --rules-file");
  return { [values.locale ?? "en"]: { title, summary: summary ?? "", rulesHtml: rulesFile ? readFileSync(rulesFile, "utf8") : "" } };
}

function input(): Record<string, unknown> {
  if (command === "create" && values.file) return JSON.parse(readFileSync(values.file, "utf8")) as Record<string, unknown>;
  if (!values.slug) fail("--slug is required");
  const out: Record<string, unknown> = { slug: values.slug };
  if (values.kind !== undefined) out.kind = values.kind;
  if (values.starts !== undefined) out.startsAt = parseWhen(values.starts, "--starts");
  if (values.ends !== undefined) out.endsAt = parseWhen(values.ends, "--ends");
  if (values.image !== undefined) out.image = values.image;
  const texts = textsFromFlags(command === "create");
  if (texts) out.texts = texts;
  return out;
}

const db = openDatabase(process.env.DATA_DIR ?? ".data");
migrate(db, EVENT_MIGRATIONS);
const unavailable = () => {
  throw new Error("the paper ledger is the running gateway's");
};
const events = new EventService({
  store: new EventStore(db),
  ledger: { open: unavailable, equity: unavailable, movedOutsideTrading: unavailable },
  entrants: { of: () => undefined },
});
try {
  const result = command === "list" ? events.records() : command === "create" ? events.create(input()) : events.update(input());
  console.info(JSON.stringify(result, null, 2));
} catch (err) {
  if (err instanceof GatewayError) {
    console.error(`events:admin: ${err.message} (${err.code})`);
    process.exitCode = 1;
  } else throw err;
} finally {
  db.close();
}
