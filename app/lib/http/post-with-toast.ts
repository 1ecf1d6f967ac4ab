import { showToast } from "~/lib/toast";
import { browserHttp } from "./browser-client";

/**
 * Posts an action the user asked for and says how it went in a toast: `done`, or `failed` with the
 * error's message. Never throws, so the caller can always clear its busy state afterwards.
 */
export async function postWithToast(
  path: string,
  body: unknown,
  toasts: { done: string; failed: (msg: string) => string },
): Promise<boolean> {
  try {
    await browserHttp().post(path, body);
  } catch (err) {
    showToast(toasts.failed(err instanceof Error ? err.message : String(err)));
    return false;
  }
  showToast(toasts.done);
  return true;
}
