/**
 * The origin of canonical, hreflang and sitemap addresses when PUBLIC_ORIGIN is not set: the
 * address the server listens on, never the request's Host (a client chooses that;
 * docs/decisions/604). An unspecified address (every interface) has no name of its own, so it is
 * `localhost`, where the README sends a visitor of `npm start`.
 */
export function listeningOrigin(host: string, port: number): string {
  const unspecified = host === "" || host === "0.0.0.0" || host === "::" || host === "[::]";
  const name = unspecified ? "localhost" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return new URL(`http://${name}:${port}`).origin;
}
