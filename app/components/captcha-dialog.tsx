import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { CAPTCHA_TYPE_SLIDER } from "../../protocol/captcha";
import { CODES } from "../../protocol/codes";
import { PATHS } from "../../protocol/paths";
import type { PowPuzzle } from "~/lib/captcha/pow";
import { powProgress } from "~/lib/captcha/pow";
import { runPow, type PowRun } from "~/lib/captcha/run-pow";
import type { HttpClient } from "~/lib/http/client";
import { HttpError } from "~/lib/http/errors";

interface Challenge {
  bizId: string;
  captchaId: string;
  width: number;
  height: number;
  pieceSize: number;
  pieceY: number;
  backgroundUrl: string;
  pieceUrl: string;
  /** The proof of work the answer carries (docs/decisions/013); a gateway without it asks none. */
  pow?: PowPuzzle;
}

type Phase = { kind: "loading" } | { kind: "ready"; challenge: Challenge } | { kind: "checking"; challenge: Challenge } | { kind: "error" };

const KEY_STEP = 2;
const KEY_STEP_FAST = 10;
/** Holes start well right of the start (docs/decisions/013); less than this is a click, not a drag. */
const MIN_DRAG_PX = 8;

/** base64 of UTF-8 JSON, as docs/protocol.md §8 wants `captchaValidate`. */
function toBase64(json: string): string {
  const bytes = new TextEncoder().encode(json);
  let bin = "";
  bytes.forEach((b) => (bin += String.fromCharCode(b)));
  return btoa(bin);
}

/**
 * The slider challenge (docs/protocol.md §8, docs/decisions/004 and 013): drag the piece into the hole
 * with a pointer, or move it with the arrow keys and press Enter. Meanwhile a worker does the
 * challenge's proof of work; if the person is quicker, a progress bar shows the rest. Each
 * challenge takes one answer, so a miss brings a new picture. Resolves with a captcha token, or
 * null when dismissed.
 */
export function CaptchaDialog({ scene, http, onDone }: { scene: string; http: HttpClient; onDone(token: string | null): void }) {
  const { t } = useTranslation("common");
  const dialog = useRef<HTMLDialogElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [x, setX] = useState(0);
  const [message, setMessage] = useState("");
  const trail = useRef<Array<[number, number, number]>>([]);
  const started = useRef(0);
  const drag = useRef<{ startX: number } | null>(null);
  const pow = useRef<PowRun | null>(null);
  /** Share of the proof of work's expected effort done, shown only while an answer waits for it. */
  const [powShare, setPowShare] = useState<number | null>(null);
  const [waitingForPow, setWaitingForPow] = useState(false);

  const startPow = (puzzle: PowPuzzle | undefined) => {
    pow.current?.cancel();
    pow.current = null;
    setPowShare(null);
    if (!puzzle) return;
    setPowShare(0);
    const run = runPow(puzzle, (tried) => setPowShare(powProgress(tried, puzzle.bits)));
    pow.current = run;
    run.done.then(
      () => {
        if (pow.current === run) setPowShare(1);
      },
      () => {},
    );
  };

  const load = useCallback(async () => {
    setPhase({ kind: "loading" });
    setX(0);
    trail.current = [];
    try {
      const challenge = await http.post<Challenge>(PATHS.captchaId, { scene });
      startPow(challenge.pow);
      setPhase({ kind: "ready", challenge });
    } catch {
      setPhase({ kind: "error" });
    }
  }, [http, scene]);

  useEffect(() => {
    dialog.current?.showModal();
    void load();
    return () => {
      pow.current?.cancel();
      pow.current = null;
    };
  }, [load]);

  const record = (nx: number, ny: number) => {
    if (trail.current.length === 0) started.current = performance.now();
    trail.current.push([Math.round(performance.now() - started.current), Math.round(nx * 10) / 10, Math.round(ny)]);
  };

  const submit = async (challenge: Challenge, finalX: number, input: "pointer" | "keyboard") => {
    setPhase({ kind: "checking", challenge });
    const run = pow.current;
    let nonce: string | undefined;
    if (run) {
      setWaitingForPow(true);
      try {
        nonce = await run.done;
      } catch {
        // Cancelled: a new picture was asked for meanwhile, or the dialog closed.
      }
      setWaitingForPow(false);
      if (pow.current !== run) return;
    }
    const result = { x: finalX, trail: trail.current, input, ...(nonce !== undefined ? { pow: nonce } : {}) };
    try {
      const { captchaToken } = await http.post<{ captchaToken: string }>(PATHS.captchaCheck, {
        captchaType: CAPTCHA_TYPE_SLIDER,
        captchaValidate: toBase64(JSON.stringify(result)),
        bizId: challenge.bizId,
        captchaId: challenge.captchaId,
      });
      setMessage(t("captcha.success"));
      dialog.current?.close();
      onDone(captchaToken);
    } catch (err) {
      // A challenge takes one answer, right or wrong: every failure brings a new picture.
      const failed = err instanceof HttpError && err.code === CODES.captchaFailed;
      setMessage(t(failed ? "captcha.failed" : "captcha.expired"));
      void load();
    }
  };

  const max = phase.kind === "loading" || phase.kind === "error" ? 0 : phase.challenge.width - phase.challenge.pieceSize;
  const clamp = (v: number) => Math.max(0, Math.min(max, v));

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (phase.kind !== "ready") return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX - x };
    trail.current = [];
    record(x, e.clientY);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return;
    const nx = clamp(e.clientX - drag.current.startX);
    setX(nx);
    record(nx, e.clientY);
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current || phase.kind !== "ready") return;
    const nx = clamp(e.clientX - drag.current.startX);
    drag.current = null;
    // A click that did not move the piece is no answer: it would spend the challenge for nothing.
    if (nx < MIN_DRAG_PX) {
      trail.current = [];
      setX(0);
      return;
    }
    record(nx, e.clientY);
    void submit(phase.challenge, nx, "pointer");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (phase.kind !== "ready") return;
    const rtl = document.documentElement.dir === "rtl";
    const step = e.shiftKey ? KEY_STEP_FAST : KEY_STEP;
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    if (e.key === forward || e.key === back || e.key === "Home") {
      e.preventDefault();
      if (trail.current.length === 0) record(x, 0);
      const nx = e.key === "Home" ? 0 : clamp(x + (e.key === forward ? step : -step));
      setX(nx);
      record(nx, 0);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (trail.current.length > 0) void submit(phase.challenge, x, "keyboard");
    }
  };

  const challenge = phase.kind === "ready" || phase.kind === "checking" ? phase.challenge : undefined;
  return (
    <dialog
      ref={dialog}
      className="captcha-dialog"
      aria-labelledby="captcha-title"
      aria-describedby="captcha-help"
      onCancel={(e) => {
        e.preventDefault();
        dialog.current?.close();
        onDone(null);
      }}
    >
      <h2 id="captcha-title">{t("captcha.title")}</h2>
      <p id="captcha-help">{t("captcha.instructions")}</p>
      <div className="captcha-stage" aria-busy={phase.kind === "loading" || phase.kind === "checking"}>
        {phase.kind === "loading" && <p className="captcha-loading">{t("captcha.loading")}</p>}
        {phase.kind === "error" && <p role="alert">{t("captcha.unavailable")}</p>}
        {challenge && (
          <div className="captcha-picture" style={{ width: challenge.width, height: challenge.height }}>
            <img src={challenge.backgroundUrl} alt="" width={challenge.width} height={challenge.height} draggable={false} />
            <img
              className="captcha-piece"
              src={challenge.pieceUrl}
              alt=""
              width={challenge.pieceSize}
              height={challenge.pieceSize}
              draggable={false}
              style={{ insetInlineStart: x, top: challenge.pieceY }}
            />
          </div>
        )}
      </div>
      {challenge && (
        <div className="captcha-track" style={{ width: challenge.width }}>
          <button
            type="button"
            role="slider"
            className="captcha-handle"
            aria-label={t("captcha.sliderLabel")}
            aria-valuemin={0}
            aria-valuemax={max}
            aria-valuenow={Math.round(x)}
            aria-disabled={phase.kind === "checking"}
            style={{ insetInlineStart: x }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onKeyDown={onKeyDown}
          >
            <span aria-hidden="true">⇢</span>
          </button>
        </div>
      )}
      {waitingForPow && powShare !== null && powShare < 1 && (
        <div className="captcha-work">
          <label htmlFor="captcha-work-progress">{t("captcha.working")}</label>
          <progress id="captcha-work-progress" max={100} value={Math.round(powShare * 100)} />
        </div>
      )}
      <p className="captcha-message" role="status" aria-live="polite">
        {message}
      </p>
      <div className="captcha-actions">
        <button type="button" className="button" onClick={() => void load()}>
          {t("captcha.refresh")}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            dialog.current?.close();
            onDone(null);
          }}
        >
          {t("captcha.cancel")}
        </button>
      </div>
    </dialog>
  );
}
