import { mkdirSync, writeFileSync, renameSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { join } from "node:path";

export interface OutgoingMessage {
  to: string;
  channel: "email" | "mobile";
  subject: string;
  text: string;
  code?: string;
}

/** Where the gateway's messages go. Production plugs in a mail/SMS provider with this shape. */
export interface MessageTransport {
  send(message: OutgoingMessage): void;
}

/**
 * The embedded default (docs/protocol.md §11): each message is a JSON file
 * `$DATA_DIR/outbox/<epoch-ms>-<id>.json`, written whole (temp file, then rename) so a reader never
 * sees half a message.
 */
export function fileOutbox(dataDir: string): MessageTransport {
  const dir = join(dataDir, "outbox");
  mkdirSync(dir, { recursive: true });
  return {
    send(message) {
      const name = `${Date.now()}-${randomUUID()}.json`;
      const tmp = join(dir, `.${name}.tmp`);
      writeFileSync(tmp, `${JSON.stringify(message, null, 2)}\n`, { mode: 0o600 });
      renameSync(tmp, join(dir, name));
    },
  };
}
