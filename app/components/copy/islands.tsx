/**
 * A signed-in reader's actions on the copy pages, which do not hydrate (docs/decisions/019, 357):
 * loaded by the `copy-page` bundle after the page, they draw into the places the server left
 * (`data-copy-slot`, `data-copy-row`) with the app's own dialogs, in the page's language (the `copy`
 * texts of that locale are a chunk of their own). After an action the server's fresh rendering of
 * the page's `data-copy-region`s replaces them, so figures and lists are the server's, never redrawn here.
 */
import { useCallback, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { createRoot } from "react-dom/client";
import { I18nextProvider, useTranslation } from "react-i18next";
import { RadioChoices } from "~/components/ui/radio-choices";
import { Toaster } from "~/components/ui/toast";
import { COPY_PUBLIC_PATHS, copyQuery, SPOT_COPY_PUBLIC_PATHS, traderPagePath } from "~/lib/copy/api";
import type { CopyPageConfig } from "~/lib/copy/page-config";
import { browserHttp, setIssuerCertificate } from "~/lib/http/browser-client";
import { createI18n } from "~/lib/i18n/instance";
import { localizePath } from "~/lib/i18n/locale-path";
import { showToast } from "~/lib/toast";
import { freshDocument } from "~/lib/wiki/fresh-document";
import { ApplyLead } from "./apply-lead";
import { FollowDialog, UnfollowDialog } from "./follow-dialog";
import { LeadNameSetting } from "./lead-name";
import { SpotFollowDialog, SpotUnfollowDialog } from "./spot-follow";
import { useCopyErrorText, useCopyViewer, type CopyViewer } from "./use-copy";

const TEXTS = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/copy.json");
/** The spot leads' texts (docs/decisions/362), loaded beside `copy` on a spot page only. */
const SPOT_TEXTS = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/scopy.json");

/** The `copy` (and on a spot page `scopy`) texts of the page's locale, and English for what a locale lacks. */
async function copyTexts(locale: string, spot: boolean) {
  const load = async (ns: string, l: string) => (await (ns === "scopy" ? SPOT_TEXTS : TEXTS)[`../../locales/${l}/${ns}.json`]?.())?.default;
  const namespaces = spot ? ["copy", "scopy"] : ["copy"];
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const l of locale === "en" ? ["en"] : ["en", locale]) {
    const texts = await Promise.all(namespaces.map((ns) => load(ns, l)));
    namespaces.forEach((ns, i) => {
      const own = texts[i];
      if (own) (resources[l] ??= {})[ns] = own;
    });
  }
  return resources;
}

export async function mountCopyIslands(root: HTMLElement, cfg: CopyPageConfig, demoMode: boolean): Promise<void> {
  const i18n = createI18n(cfg.locale, await copyTexts(cfg.locale, cfg.product === "spot"));
  try {
    setIssuerCertificate(JSON.parse(document.getElementById("issuer-cert")?.textContent ?? "null") ?? undefined);
  } catch {
    // no certificate: signed calls fail with the client's own message
  }
  const host = document.createElement("div");
  root.append(host);
  createRoot(host).render(
    <I18nextProvider i18n={i18n}>
      <Islands root={root} cfg={cfg} canAct={(cfg.env === "demo") === demoMode} />
    </I18nextProvider>,
  );
}

/** The dialog open: its kind, the lead's id and its display name as the page shows it (docs/decisions/363). */
interface CopyDialog {
  kind: "follow" | "edit" | "unfollow";
  traderId: string;
  traderName?: string | undefined;
}

interface Places {
  steps: HTMLElement | null;
  actions: HTMLElement | null;
  rows: HTMLElement[];
}

function Islands({ root, cfg, canAct }: { root: HTMLElement; cfg: CopyPageConfig; canAct: boolean }) {
  const { t } = useTranslation("copy");
  const spot = cfg.product === "spot";
  const viewer = useCopyViewer(canAct ? cfg.userId : null, cfg.product);
  const [version, setVersion] = useState(0);
  const [places, setPlaces] = useState<Places>({ steps: null, actions: null, rows: [] });
  const [dialog, setDialog] = useState<CopyDialog | null>(null);
  const ready = canAct && viewer.loaded;
  useEffect(() => {
    const rows = ready ? [...root.querySelectorAll<HTMLElement>("[data-copy-row]")] : [];
    for (const el of rows) el.replaceChildren();
    setPlaces({
      steps: root.querySelector<HTMLElement>('[data-copy-slot="steps"]'),
      actions: root.querySelector<HTMLElement>('[data-copy-slot="actions"]'),
      rows,
    });
  }, [root, version, ready]);
  const { refresh: refreshViewer } = viewer;
  const refresh = useCallback(() => {
    refreshViewer();
    void freshDocument(location.href).then((doc) => {
      if (!doc) return;
      for (const el of root.querySelectorAll<HTMLElement>("[data-copy-region][id]")) {
        const next = doc.getElementById(el.id);
        if (next) el.replaceWith(document.importNode(next, true));
      }
      setVersion((v) => v + 1);
    });
  }, [root, refreshViewer]);
  const href = (path: string) => localizePath(path, cfg.prefix) + copyQuery(cfg.env, cfg.product);
  const place = (el: HTMLElement | null, node: React.ReactNode) => (el ? createPortal(node, el) : null);
  const note = (
    <p className="muted" role="note">
      {t("demo.switchToFollow")}
    </p>
  );
  return (
    <>
      <Toaster />
      {place(
        places.steps,
        !canAct ? (
          note
        ) : !ready ? null : viewer.isLead ? (
          <a className="button primary" href={href(traderPagePath(cfg.userId!))} data-testid="copy-my-profile">
            {t("steps.myProfile")}
          </a>
        ) : (
          <ApplyLead onDone={refresh} spot={spot} />
        ),
      )}
      {place(
        places.actions,
        !canAct ? (
          note
        ) : !ready ? null : (
          <ProfileActions cfg={cfg} viewer={viewer} slot={places.actions!} onDialog={setDialog} onDone={refresh} />
        ),
      )}
      {places.rows.map((el) => {
        const id = el.dataset.copyRow!;
        const name = el.dataset.name ?? id;
        const followable = !viewer.cannotFollow && id !== cfg.userId;
        return createPortal(
          followable && viewer.following.some((f) => f.traderId === id) ? (
            <span className="badge">{t("follow.following")}</span>
          ) : followable ? (
            <button
              type="button"
              className="button primary"
              onClick={() => setDialog({ kind: "follow", traderId: id, traderName: name })}
              aria-label={t("follow.buttonOf", { trader: name })}
            >
              {t("follow.button")}
            </button>
          ) : (
            <a className="button" href={href(traderPagePath(id))} aria-label={t("list.viewOf", { trader: name })}>
              {t("list.view")}
            </a>
          ),
          el,
          id,
        );
      })}
      {(dialog?.kind === "follow" || dialog?.kind === "edit") &&
        (spot ? (
          <SpotFollowDialog
            traderId={dialog.traderId}
            traderName={dialog.traderName}
            intl={cfg.intl}
            editing={dialog.kind === "edit"}
            onClose={() => setDialog(null)}
            onDone={refresh}
          />
        ) : (
          <FollowDialog
            traderId={dialog.traderId}
            traderName={dialog.traderName}
            intl={cfg.intl}
            editing={dialog.kind === "edit"}
            onClose={() => setDialog(null)}
            onDone={refresh}
          />
        ))}
      {dialog?.kind === "unfollow" &&
        (spot ? (
          <SpotUnfollowDialog traderId={dialog.traderId} traderName={dialog.traderName} onClose={() => setDialog(null)} onDone={refresh} />
        ) : (
          <UnfollowDialog traderId={dialog.traderId} traderName={dialog.traderName} onClose={() => setDialog(null)} onDone={refresh} />
        ))}
    </>
  );
}

/** A profile's actions for this reader: the lead's own visibility choice, or follow / change / unfollow. */
function ProfileActions({
  cfg,
  viewer,
  slot,
  onDialog,
  onDone,
}: {
  cfg: CopyPageConfig;
  viewer: CopyViewer;
  slot: HTMLElement;
  onDialog: (d: CopyDialog) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("copy");
  const traderId = cfg.traderId!;
  const traderName = slot.dataset.name;
  if (cfg.userId === traderId) {
    const v = slot.dataset.visibility;
    return (
      <>
        <VisibilitySetting
          initial={v === "delay" || v === "hide" ? v : "show"}
          delay={slot.dataset.delay ?? "30"}
          path={cfg.product === "spot" ? SPOT_COPY_PUBLIC_PATHS.holdingVisibility : COPY_PUBLIC_PATHS.positionVisibility}
          onDone={onDone}
        />
        <LeadNameSetting id="copy-lead-name" initial={traderName ?? ""} onDone={onDone} />
      </>
    );
  }
  if (viewer.cannotFollow) return <p className="muted">{t("profile.leadCannotFollow")}</p>;
  if (viewer.following.some((f) => f.traderId === traderId))
    return (
      <>
        <span className="badge" data-testid="copy-following">
          {t("follow.following")}
        </span>
        <button type="button" className="button" onClick={() => onDialog({ kind: "edit", traderId, traderName })} data-testid="copy-edit">
          {t("follow.edit")}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => onDialog({ kind: "unfollow", traderId, traderName })}
          data-testid="copy-unfollow"
        >
          {t("unfollow.button")}
        </button>
      </>
    );
  return (
    <button
      type="button"
      className="button primary"
      onClick={() => onDialog({ kind: "follow", traderId, traderName })}
      data-testid="copy-follow"
    >
      {t("follow.button")}
    </button>
  );
}

/** The lead's own choice of what its open positions show. */
function VisibilitySetting({
  initial,
  delay,
  path,
  onDone,
}: {
  initial: "show" | "delay" | "hide";
  delay: string;
  path: string;
  onDone: () => void;
}) {
  const { t } = useTranslation("copy");
  const errorText = useCopyErrorText();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const set = async (v: "show" | "delay" | "hide") => {
    setBusy(true);
    try {
      await browserHttp().post(path, { positionVisibility: v });
      setValue(v);
      showToast(t("visibility.done"));
      onDone();
    } catch (e) {
      showToast(t("toast.failed", { msg: errorText(e) }), "notice");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="copy-visibility" aria-busy={busy}>
      <p>
        <strong>{t("visibility.title")}</strong> <span className="muted">{t("visibility.mine")}</span>
      </p>
      <RadioChoices
        legend={t("visibility.title")}
        values={["show", "delay", "hide"] as const}
        value={value}
        onChange={(v) => void set(v)}
        label={(v) => t(`visibility.${v}`, { minutes: delay })}
        testId={(v) => `copy-visibility-${v}`}
      />
    </div>
  );
}
