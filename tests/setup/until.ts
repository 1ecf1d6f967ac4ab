/**
 * Reads `what` again every `everyMs` until `ok` holds or `ms` have passed, and returns the last
 * reading either way: the test's own assertion on it then says what was wrong.
 */
export async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms: number, everyMs: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
