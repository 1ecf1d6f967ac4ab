import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The newest code the gateway "sent" to an address: the embedded outbox (docs/protocol.md §11) is the
 * tests' inbox. Notices without a code (a password changed) are skipped.
 */
export function newestCode(dataDir: string, to: string): string | undefined {
  const dir = join(dataDir, "outbox");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .reverse();
  for (const f of files) {
    const m = JSON.parse(readFileSync(join(dir, f), "utf8")) as { to: string; code?: string };
    if (m.to === to && m.code) return m.code;
  }
  return undefined;
}

/** Every message to an address, oldest first. */
export function messagesTo(dataDir: string, to: string): Array<{ subject: string; text: string; code?: string }> {
  const dir = join(dataDir, "outbox");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as { to: string; subject: string; text: string; code?: string })
    .filter((m) => m.to === to);
}
