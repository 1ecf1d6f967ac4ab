import { useEffect, useState } from "react";
import { browserHttp, setCaptchaPresenter } from "~/lib/http/browser-client";
import { CaptchaDialog } from "./captcha-dialog";

interface Pending {
  scene: string;
  resolve(token: string | null): void;
}

/** Mounted once in the root: shows the challenge whenever a gateway call asks for one. */
export function CaptchaHost() {
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(() => {
    setCaptchaPresenter((scene) => new Promise((resolve) => setPending({ scene, resolve })));
    return () => setCaptchaPresenter(async () => null);
  }, []);
  if (!pending) return null;
  return (
    <CaptchaDialog
      scene={pending.scene}
      http={browserHttp()}
      onDone={(token) => {
        setPending(null);
        pending.resolve(token);
      }}
    />
  );
}
