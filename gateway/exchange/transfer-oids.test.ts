import { describe, expect, it } from "vitest";
import { GatewayError } from "../envelope.ts";
import { ClientOidGate } from "./transfer-oids.ts";

const refused = (p: Promise<unknown>) =>
  p.then(
    () => "ran",
    (e: unknown) => (e instanceof GatewayError ? e.code : String(e)),
  );

describe("one transfer per clientOid", () => {
  it("refuses the same key while the first is in flight, and runs other keys and keyless requests", async () => {
    const gate = new ClientOidGate();
    let finish!: () => void;
    const first = gate.run(
      "u:a",
      () => false,
      () => new Promise<void>((r) => (finish = r)),
    );
    expect(
      await refused(
        gate.run(
          "u:a",
          () => false,
          async () => undefined,
        ),
      ),
    ).toBe("43118");
    expect(
      await refused(
        gate.run(
          "u:b",
          () => false,
          async () => undefined,
        ),
      ),
    ).toBe("ran");
    expect(
      await refused(
        gate.run(
          undefined,
          () => true,
          async () => undefined,
        ),
      ),
    ).toBe("ran");
    finish();
    await first;
  });

  it("refuses a key already recorded, and frees a key whose transfer failed", async () => {
    const gate = new ClientOidGate();
    expect(
      await refused(
        gate.run(
          "u:a",
          () => true,
          async () => undefined,
        ),
      ),
    ).toBe("43118");
    expect(
      await refused(
        gate.run(
          "u:c",
          () => false,
          () => Promise.reject(new Error("insufficient")),
        ),
      ),
    ).toBe("Error: insufficient");
    expect(
      await refused(
        gate.run(
          "u:c",
          () => false,
          async () => undefined,
        ),
      ),
    ).toBe("ran");
  });
});
