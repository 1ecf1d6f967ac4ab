import WebSocket from "ws";

export type Msg = Record<string, unknown> & {
  event?: string;
  action?: string;
  code?: number;
  arg?: Record<string, string>;
  data?: unknown[];
};

/** A stream client for integration tests: keeps every message and waits for one that matches. */
export class WsClient {
  readonly messages: Array<Msg | string> = [];
  private waiters: Array<() => void> = [];
  constructor(readonly ws: WebSocket) {
    ws.on("message", (d) => {
      const text = d.toString();
      this.messages.push(text === "pong" ? text : (JSON.parse(text) as Msg));
      for (const w of this.waiters.splice(0)) w();
    });
  }
  static async open(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
    const ws = new WebSocket(url, { headers });
    const c = new WsClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return c;
  }
  send(x: unknown) {
    this.ws.send(typeof x === "string" ? x : JSON.stringify(x));
  }
  async waitFor(pred: (m: Msg | string) => boolean, timeoutMs = 10_000): Promise<Msg | string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(pred);
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(this.messages.slice(-5))}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, 200);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }
  close() {
    this.ws.close();
  }
}

export const isObj = (m: Msg | string): m is Msg => typeof m === "object";
