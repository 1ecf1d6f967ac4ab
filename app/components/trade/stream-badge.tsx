import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { publicStream } from "~/lib/ws/streams";

const subscribe = (l: () => void) => publicStream().onStatus(l);
const status = () => publicStream().status();

/** Whether the market data on the page is live, in words (announced politely when it changes). */
export function StreamBadge({ live }: { live: boolean }) {
  const { t } = useTranslation("trade");
  const s = useSyncExternalStore(subscribe, status, () => "connecting" as const);
  const text = live && s === "open" ? t("stream.live") : s === "reconnecting" ? t("stream.reconnecting") : t("stream.connecting");
  return (
    <span className={`stream-badge ${live && s === "open" ? "is-live" : ""}`} role="status" data-testid="stream-status">
      <span aria-hidden="true" className="dot" />
      {text}
    </span>
  );
}
