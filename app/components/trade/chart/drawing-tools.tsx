import { memo, useCallback, useEffect, useId, useRef, useState, type MutableRefObject } from "react";
import { useTranslation } from "react-i18next";
import {
  ANCHORS,
  DRAWING_KINDS,
  loadDrawings,
  MAX_DRAWINGS,
  MAX_TEXT,
  newDrawingId,
  saveDrawings,
  type Anchor,
  type Drawing,
  type DrawingKind,
} from "~/lib/trade/chart/drawings";
import { DecimalInput, isPositiveDecimal } from "~/components/ui/decimal-input";
import type { ChartEngine } from "./chart-engine";

/** What a click on the price pane reports: the point as an anchor and the drawing under it. */
export type PriceClick = (at: Anchor | null, drawing: string | null) => void;

interface Props {
  engine: ChartEngine | undefined;
  /** The product line and pair the drawings belong to. */
  instType: string;
  symbol: string;
  /** Where the chart sends its clicks; set here. */
  clicks: MutableRefObject<PriceClick>;
  price: (v: number) => string;
  /**
   * Where typed prices are placed in time: a two-point drawing from `from` to `to` (about twenty
   * candles back and the latest), a one-point drawing at `to`; undefined before any candle.
   */
  span: { from: number; to: number } | undefined;
}

/**
 * The drawing toolbar: one pressed button per tool, a status line while placing, the note field of
 * a text drawing, and the list of drawings (kind and prices) with select, delete and clear all.
 * Drawings are kept per product line and pair in local storage (docs/decisions/721).
 */
export const DrawingTools = memo(function DrawingTools({ engine, instType, symbol, clicks, price, span }: Props) {
  const { t } = useTranslation("chart");
  const noteId = useId();
  const [drawings, setDrawings] = useState<Drawing[]>([]);
  const [tool, setTool] = useState<DrawingKind | null>(null);
  const [points, setPoints] = useState<Anchor[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [noteAt, setNoteAt] = useState<Anchor | null>(null);
  const [note, setNote] = useState("");
  const [typed, setTyped] = useState<[string, string]>(["", ""]);
  const scope = useRef({ instType, symbol });

  // Another pair (or screen) shows its own drawings; storage is read in the browser only.
  useEffect(() => {
    scope.current = { instType, symbol };
    setDrawings(loadDrawings(instType, symbol));
    setSelected(null);
    setTool(null);
    setPoints([]);
    setNoteAt(null);
  }, [instType, symbol]);

  const update = useCallback((next: Drawing[]) => {
    setDrawings(next);
    saveDrawings(scope.current.instType, scope.current.symbol, next);
  }, []);

  const cancel = useCallback(() => {
    setTool(null);
    setPoints([]);
    setNoteAt(null);
    setNote("");
    setTyped(["", ""]);
  }, []);

  const remove = useCallback(
    (id: string) => {
      update(drawings.filter((d) => d.id !== id));
      setSelected((s) => (s === id ? null : s));
    },
    [drawings, update],
  );

  useEffect(() => {
    engine?.setDrawings(drawings, selected, tool && !noteAt ? { kind: tool, points } : null);
  }, [engine, drawings, selected, tool, points, noteAt]);

  clicks.current = (at, hit) => {
    if (!tool || noteAt) {
      setSelected(hit);
      return;
    }
    if (!at) return;
    const placed = [...points, at];
    if (placed.length < ANCHORS[tool]) setPoints(placed);
    else finish(tool, placed);
  };

  /** All points placed: a text drawing asks for its note, anything else is added. */
  const finish = (kind: DrawingKind, placed: Anchor[]) => {
    if (kind === "text") {
      setNoteAt(placed[0]!);
      return;
    }
    const d: Drawing = { id: newDrawingId(), kind, points: placed };
    update([...drawings, d].slice(-MAX_DRAWINGS));
    setSelected(d.id);
    cancel();
  };

  // Escape gives up the drawing being placed; Delete removes the selected drawing.
  useEffect(() => {
    if (!tool && !selected) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && tool) {
        e.preventDefault();
        cancel();
      } else if (e.key === "Delete" && selected && !tool) {
        const el = e.target as HTMLElement | null;
        if (el?.closest("input, textarea, select")) return;
        e.preventDefault();
        remove(selected);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [tool, selected, cancel, remove]);

  const describe = (d: Drawing) => {
    const [a, b] = d.points;
    return t(`item.${d.kind}`, { from: price(a!.price), to: b ? price(b.price) : "", text: d.text ?? "" });
  };

  const status = !tool
    ? ""
    : noteAt
      ? t("status.note")
      : t(points.length === 0 ? "status.first" : "status.second", { tool: t(`tools.${tool}`) });

  return (
    <div className="chart-tools chart-drawing-tools">
      <div role="group" aria-label={t("toolbar")} className="segmented">
        {DRAWING_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className="seg"
            aria-pressed={tool === k}
            title={t(`hints.${k}`)}
            onClick={() => {
              if (tool === k) cancel();
              else {
                cancel();
                setTool(k);
                setSelected(null);
              }
            }}
          >
            {t(`tools.${k}`)}
          </button>
        ))}
      </div>
      <div className="chart-drawing-place" data-active={tool !== null}>
        <p role="status" className="chart-drawing-status">
          {status}
        </p>
        {tool && !noteAt && span && (
          // The keyboard's way to place a drawing: its price (or two) typed in.
          <details className="chart-typed">
            <summary>{t("typed.label")}</summary>
            <form
              className="chart-note"
              aria-label={t("typed.label")}
              onSubmit={(e) => {
                e.preventDefault();
                const n = ANCHORS[tool];
                if (!typed.slice(0, n).every(isPositiveDecimal)) return;
                const at = n === 1 ? [span.to] : [span.from, span.to];
                finish(
                  tool,
                  at.map((ts, i) => ({ ts, price: Number(typed[i]) })),
                );
              }}
            >
              {(ANCHORS[tool] === 1 ? [t("typed.price")] : [t("typed.first"), t("typed.second")]).map((label, i) => (
                <DecimalInput
                  key={label}
                  label={label}
                  value={typed[i]!}
                  onChange={(v) => setTyped((was) => (i === 0 ? [v, was[1]] : [was[0], v]))}
                />
              ))}
              <button type="submit" className="button small">
                {t("typed.place")}
              </button>
            </form>
          </details>
        )}
        {tool === "text" && noteAt && (
          <form
            className="chart-note"
            onSubmit={(e) => {
              e.preventDefault();
              const text = note.trim();
              if (!text) return;
              const d: Drawing = { id: newDrawingId(), kind: "text", points: [noteAt], text };
              update([...drawings, d].slice(-MAX_DRAWINGS));
              setSelected(d.id);
              cancel();
            }}
          >
            <label htmlFor={noteId}>{t("noteLabel")}</label>
            <input
              id={noteId}
              // The field appears because the trader just clicked where the note goes.
              autoFocus
              maxLength={MAX_TEXT}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              required
            />
            <button type="submit" className="button primary">
              {t("noteAdd")}
            </button>
            <button type="button" className="button" onClick={cancel}>
              {t("cancel")}
            </button>
          </form>
        )}
      </div>
      <details className="chart-drawings">
        <summary>{t("list", { count: drawings.length })}</summary>
        <div className="chart-drawings-body">
          {drawings.length === 0 ? (
            <p className="muted">{t("none")}</p>
          ) : (
            <>
              <ul aria-label={t("listLabel")} data-testid="chart-drawings">
                {drawings.map((d) => (
                  <li key={d.id} data-kind={d.kind} aria-current={d.id === selected || undefined}>
                    <span>{describe(d)}</span>
                    <button
                      type="button"
                      className="button small"
                      aria-pressed={d.id === selected}
                      onClick={() => setSelected(d.id === selected ? null : d.id)}
                    >
                      {t("select")}
                      <span className="visually-hidden"> {describe(d)}</span>
                    </button>
                    <button type="button" className="button small" onClick={() => remove(d.id)}>
                      {t("delete")}
                      <span className="visually-hidden"> {describe(d)}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button small"
                onClick={() => {
                  update([]);
                  setSelected(null);
                }}
              >
                {t("clear")}
              </button>
            </>
          )}
        </div>
      </details>
    </div>
  );
});
