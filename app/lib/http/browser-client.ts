import { createHttpClient, type HttpClient } from "./client";
import { browserIdentity } from "./device-identity";
import { sessionEndHandler } from "./session-end";
import { captchaLoop, type PresentCaptcha } from "./captcha-loop";

let client: HttpClient | undefined;
let presenter: PresentCaptcha = async () => null;

/** Lets the page's captcha host take over challenges (until one is mounted, a challenge is declined). */
export function setCaptchaPresenter(present: PresentCaptcha): void {
  presenter = present;
}

/**
 * The page's one HTTP client: same-origin gateway calls with the protocol's headers, the captcha
 * loop and the session-end logout installed. Created on first use in the browser.
 */
export function browserHttp(): HttpClient {
  if (client) return client;
  const http = createHttpClient({ identity: browserIdentity });
  // Logout calls go through a client without handlers, so a failing logout cannot loop.
  const bare = createHttpClient({ identity: browserIdentity, clock: http.clock });
  http.onResponse(captchaLoop((scene) => presenter(scene)));
  http.onResponse(sessionEndHandler({ post: (path) => bare.post(path), reload: () => window.location.reload() }));
  client = http;
  return http;
}
