import { BRAND } from "~/lib/i18n/meta";

/**
 * The web app manifest (docs/decisions/714), linked from the root document. Colours are the white
 * theme's tokens (app/styles/theme.css); the icons are maskable PNGs (gateway/app-icons/icons.ts).
 */
export const WEB_APP_MANIFEST = {
  id: "/",
  name: BRAND,
  short_name: "Mix",
  description: "Spot, margin and futures trading",
  start_url: "/",
  scope: "/",
  display: "standalone",
  background_color: "#ffffff",
  theme_color: "#086b8a",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
  ],
} as const;

export function loader() {
  return new Response(JSON.stringify(WEB_APP_MANIFEST), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
