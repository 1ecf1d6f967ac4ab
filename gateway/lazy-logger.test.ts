import Fastify, { LogController } from "fastify";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { requestChildLogger } from "./lazy-logger.ts";

/** A pino logger writing its lines into an array. */
function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level, base: { service: "gateway" } }, { write: (s: string) => void lines.push(JSON.parse(s)) });
  return { logger, lines };
}

/** The factory called as Fastify calls it (its `this` is the server, unused). */
const make = (requestLines: boolean, logger: pino.Logger, bindings: pino.Bindings, opts: pino.ChildLoggerOptions) =>
  requestChildLogger(requestLines).call(undefined as never, logger, bindings, opts, undefined as never);

describe("request child logger made on first use (decision 355, round 4)", () => {
  it("makes no child for a request that logs nothing, and the same line as pino's child when it logs", () => {
    const { logger, lines } = capture("warn");
    const child = vi.spyOn(logger, "child");
    const lazy = make(false, logger, { reqId: "req-1" }, {});
    lazy.info("below the level");
    lazy.debug({ a: 1 }, "below");
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    lazy.error({ err: new Error("boom") }, "unhandled gateway error");
    lazy.warn("second");
    expect(child).toHaveBeenCalledTimes(1);
    child.mockRestore();
    logger.child({ reqId: "req-1" }).error({ err: new Error("boom") }, "unhandled gateway error");
    const strip = ({ time: _t, err, ...rest }: Record<string, unknown>) => ({ ...rest, err: { ...(err as object), stack: "" } });
    expect(strip(lines[0]!)).toEqual(strip(lines[2]!));
    expect(lines[0]).toMatchObject({ level: 50, service: "gateway", reqId: "req-1", msg: "unhandled gateway error" });
    expect(lines[1]).toMatchObject({ level: 40, reqId: "req-1", msg: "second" });
    expect(lazy.level).toBe("warn");
  });

  it("is eager when the request lines are written, or the route sets its own level", () => {
    const { logger } = capture("info");
    const child = vi.spyOn(logger, "child");
    make(true, logger, { reqId: "req-2" }, {});
    expect(child).toHaveBeenCalledTimes(1);
    make(false, logger, { reqId: "req-3" }, { level: "debug" });
    expect(child).toHaveBeenCalledTimes(2);
    // request lines on but the level above info: nothing is written per request, so lazy
    const quiet = capture("warn");
    const quietChild = vi.spyOn(quiet.logger, "child");
    make(true, quiet.logger, { reqId: "req-4" }, {});
    expect(quietChild).not.toHaveBeenCalled();
  });

  it("works as Fastify's request logger: an error logged by a handler carries the request id", async () => {
    const { logger, lines } = capture("warn");
    const app = Fastify({
      loggerInstance: logger,
      logController: new LogController({ disableRequestLogging: true }),
      childLoggerFactory: requestChildLogger(false),
    });
    app.get("/quiet", async () => ({ ok: true }));
    app.get("/loud", async (req) => {
      req.log.info("dropped");
      req.log.warn({ n: 1 }, "kept");
      return { ok: true };
    });
    expect((await app.inject({ method: "GET", url: "/quiet" })).json()).toEqual({ ok: true });
    expect(lines).toEqual([]);
    await app.inject({ method: "GET", url: "/loud" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, n: 1, msg: "kept", reqId: expect.stringMatching(/^req-/) });
    await app.close();
  });
});
