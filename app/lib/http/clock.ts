/**
 * The server clock offset of docs/protocol.md §2: `offset = serverMs - midpoint(send, receive)`,
 * learned from the `request-time` header of POST responses and used for every `tm`.
 */
export class ServerClock {
  private offsetMs = 0;

  constructor(private readonly localNow: () => number = Date.now) {}

  get offset(): number {
    return this.offsetMs;
  }

  now(): number {
    return this.localNow() + this.offsetMs;
  }

  learn(serverHeader: string | null, sentAt: number, receivedAt: number): void {
    if (!serverHeader || !/^\d{13}$/.test(serverHeader)) return;
    const midpoint = sentAt + (receivedAt - sentAt) / 2;
    this.offsetMs = Math.round(Number(serverHeader) - midpoint);
  }
}
