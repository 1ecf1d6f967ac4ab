/**
 * A competition page's live part (docs/decisions/800): polls the public leaderboard while the page
 * is visible (the caller's own row comes with the cookie), and enrols with a signed call, as the
 * app signs others. The signing client is loaded only when the visitor presses "Join".
 */
import { EVENT_CODES, EVENT_PATHS, type Leaderboard } from "../../protocol/events";
import { BOARD_REFRESH_MS, COMPETITION_CONFIG_ID, COMPETITION_IDS, type CompetitionConfig } from "~/lib/events/competition-config";
import { fill } from "~/lib/events/chrome-model";
import { boardRows, isLeaderboard, type BoardRow } from "~/lib/events/leaderboard-view";
import { percent, usdtAmount } from "~/lib/events/format";

const byId = (id: string) => document.getElementById(id);

function readConfig(): CompetitionConfig | undefined {
  try {
    return JSON.parse(byId(COMPETITION_CONFIG_ID)?.textContent ?? "") as CompetitionConfig;
  } catch {
    return undefined;
  }
}

function rowElement(r: BoardRow, texts: CompetitionConfig["texts"]): HTMLTableRowElement {
  const tr = document.createElement("tr");
  if (r.mine) tr.className = "mine";
  const rank = document.createElement("td");
  rank.textContent = r.rank;
  const name = document.createElement("td");
  name.textContent = r.name;
  if (r.mine) {
    const tag = document.createElement("span");
    tag.className = "you-tag";
    tag.textContent = texts.you;
    name.append(" ", tag);
  }
  if (r.copyHref) {
    const link = document.createElement("a");
    link.className = "copy-tag";
    link.href = r.copyHref;
    link.setAttribute("aria-label", fill(texts.copyLabel, { name: r.name }));
    link.textContent = texts.copy;
    name.append(" ", link);
  }
  const pnl = document.createElement("td");
  pnl.className = `num ${r.trend}`;
  pnl.textContent = r.pnl;
  const ret = document.createElement("td");
  ret.className = `num ${r.trend}`;
  ret.textContent = r.returnPct;
  tr.append(rank, name, pnl, ret);
  return tr;
}

function render(board: Leaderboard, config: CompetitionConfig): void {
  const { texts, intl } = config;
  const rows = byId(COMPETITION_IDS.rows);
  rows?.replaceChildren(...boardRows(board, intl, config.copyBase).map((r) => rowElement(r, texts)));
  const empty = byId(COMPETITION_IDS.empty);
  if (empty) empty.hidden = board.list.length > 0;
  const count = byId(COMPETITION_IDS.participants);
  if (count) count.textContent = fill(texts.participants, { count: board.participants });
  const me = byId(COMPETITION_IDS.me);
  if (me && board.me) {
    me.hidden = false;
    const result = board.me.disqualified
      ? texts.disqualified
      : `${fill(texts.yourRank, { rank: board.me.rank })} · ${fill(texts.yourResult, {
          pnl: usdtAmount(board.me.pnl, intl, true),
          ret: percent(board.me.returnPct, intl),
        })}`;
    me.textContent = result;
  }
  if (board.final) {
    const note = byId(COMPETITION_IDS.note);
    if (note) note.textContent = texts.final;
  }
}

async function fetchBoard(config: CompetitionConfig): Promise<Leaderboard | undefined> {
  const res = await fetch(EVENT_PATHS.leaderboard, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ slug: config.slug, by: config.by }),
    credentials: "same-origin",
  });
  const body = (await res.json()) as { code?: string; data?: unknown };
  return body.code === "00000" && isLeaderboard(body.data) ? body.data : undefined;
}

/** Polls while the page is shown; a hidden tab asks nothing, and a final board is never asked again. */
function follow(config: CompetitionConfig): () => Promise<void> {
  let timer: number | undefined;
  let final = config.final;
  const tick = async () => {
    window.clearTimeout(timer);
    if (final || document.visibilityState !== "visible") return;
    try {
      const board = await fetchBoard(config);
      if (board) {
        render(board, config);
        final = board.final;
      }
    } catch {
      // A missed refresh is retried at the next tick; the last standings stay on screen.
    }
    if (!final) timer = window.setTimeout(() => void tick(), BOARD_REFRESH_MS);
  };
  document.addEventListener("visibilitychange", () => void tick());
  timer = window.setTimeout(() => void tick(), BOARD_REFRESH_MS);
  return tick;
}

function setupJoin(config: CompetitionConfig, refresh: () => Promise<void>): void {
  const button = byId(COMPETITION_IDS.join);
  const status = byId(COMPETITION_IDS.joinStatus);
  if (!(button instanceof HTMLButtonElement) || !status || config.issuerCert === null) return;
  const say = (text: string) => (status.textContent = text);
  button.addEventListener("click", async () => {
    button.disabled = true;
    say(config.texts.joining);
    try {
      // The app's own client: protocol headers, the session's device signature, replay-safe trace ids.
      const { browserHttp, setIssuerCertificate } = await import("~/lib/http/browser-client");
      setIssuerCertificate(config.issuerCert ?? undefined);
      await browserHttp().post(EVENT_PATHS.enrol, { slug: config.slug });
      // Removed rather than hidden: the button's display rule would win over `hidden`.
      button.remove();
      say(config.texts.joined);
      await refresh();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === EVENT_CODES.alreadyEnrolled) {
        button.remove();
        say(config.texts.joined);
        return;
      }
      const known: Record<string, string> = { [EVENT_CODES.notStarted]: config.texts.notStarted, [EVENT_CODES.ended]: config.texts.ended };
      say(code && known[code] ? known[code] : fill(config.texts.failed, { msg: (err as Error).message || config.texts.unavailable }));
      button.disabled = false;
    }
  });
}

const config = readConfig();
if (config) setupJoin(config, follow(config));
