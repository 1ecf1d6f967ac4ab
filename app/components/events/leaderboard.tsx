import { useTranslation } from "react-i18next";
import type { Leaderboard as Board } from "../../../protocol/events";
import { COMPETITION_IDS } from "~/lib/events/competition-config";
import { percent, usdtAmount } from "~/lib/events/format";
import { boardRows } from "~/lib/events/leaderboard-view";

/** The standings' columns; the figures align to the right. */
const BOARD_COLUMNS = [
  { key: "rank", num: false },
  { key: "name", num: false },
  { key: "pnl", num: true },
  { key: "return", num: true },
] as const;

/**
 * The standings as the server saw them for this visitor; the competition bundle refreshes the same
 * elements while the page is open. Sorting is a pair of links, so it works without JavaScript.
 */
export function Leaderboard({
  board,
  intl,
  sortHref,
  copyBase,
}: {
  board: Board | null;
  intl: string;
  sortHref: (by: "pnl" | "return") => string;
  /** Where demo leads' copy profiles are linked (the page's localized `/copy-trading/trader`). */
  copyBase: string;
}) {
  const { t } = useTranslation("events");
  if (!board) {
    return (
      <section className="card board" aria-labelledby="board-title">
        <h2 id="board-title">{t("board.title")}</h2>
        <p role="status">{t("board.unavailable")}</p>
      </section>
    );
  }
  const rows = boardRows(board, intl, copyBase);
  const me = board.me;
  return (
    <section className="card board" aria-labelledby="board-title">
      <div className="board-head">
        <h2 id="board-title">{t("board.title")}</h2>
        <nav aria-label={t("board.sortLabel")} className="segmented">
          {(["pnl", "return"] as const).map((by) => (
            <a key={by} href={sortHref(by)} aria-current={board.by === by ? "true" : undefined}>
              {t(by === "pnl" ? "board.byPnl" : "board.byReturn")}
            </a>
          ))}
        </nav>
      </div>
      <p id={COMPETITION_IDS.note} className="muted">
        {t(board.final ? "board.final" : "board.live")}
      </p>
      <p id={COMPETITION_IDS.me} className="board-me" role="status" hidden={!me}>
        {me
          ? me.disqualified
            ? t("board.disqualified")
            : `${t("board.yourRank", { rank: me.rank })} · ${t("board.yourResult", { pnl: usdtAmount(me.pnl, intl, true), ret: percent(me.returnPct, intl) })}`
          : null}
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {BOARD_COLUMNS.map(({ key, num }) => (
                <th key={key} scope="col" className={num ? "num" : undefined}>
                  {t(`board.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody id={COMPETITION_IDS.rows}>
            {rows.map((r) => (
              <tr key={`${r.rank}-${r.name}`} className={r.mine ? "mine" : undefined}>
                <td>{r.rank}</td>
                <td>
                  {r.name}
                  {r.mine ? (
                    <>
                      {" "}
                      <span className="you-tag">{t("board.you")}</span>
                    </>
                  ) : null}
                  {r.copyHref ? (
                    <>
                      {" "}
                      <a className="copy-tag" href={r.copyHref} aria-label={t("board.copyLabel", { name: r.name })}>
                        {t("board.copy")}
                      </a>
                    </>
                  ) : null}
                </td>
                <td className={`num ${r.trend}`}>{r.pnl}</td>
                <td className={`num ${r.trend}`}>{r.returnPct}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id={COMPETITION_IDS.empty} hidden={rows.length > 0}>
        {t("board.empty")}
      </p>
      <p id={COMPETITION_IDS.participants} className="muted">
        {t("board.participants", { count: board.participants })}
      </p>
    </section>
  );
}
