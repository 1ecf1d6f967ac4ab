/**
 * Where to go after a login: only a path of this site. Anything that could leave the origin
 * (`//host`, `/\host`, a scheme, control characters) falls back to the home page.
 */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  return to;
}
