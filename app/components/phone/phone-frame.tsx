import { useEffect, useId, useMemo, useRef, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { phonePaths } from "~/lib/trade/phone-paths";

/** One button of the sticky bar: its label, its look and what choosing it sets on the form. */
export interface SheetSide {
  label: string;
  tone: "buy" | "sell";
  pick(): void;
}

/** The sheet of a phone screen: open it (the bar's buttons do), close it (after an order is placed). */
export interface SheetControl {
  open(): void;
  close(): void;
}

/** A sheet's handle for the page, filled once the frame renders its dialog. */
export function useSheet(): SheetControl & { ref: RefObject<HTMLDialogElement> } {
  const ref = useRef<HTMLDialogElement>(null);
  // The same functions on every render: panels that hydrate late get them as props (docs/decisions/725).
  return useMemo(
    () => ({
      ref,
      // The dialog focuses its first control (its close button): no keyboard pops up over the form
      // before the trader has chosen the order's type.
      open: () => {
        const d = ref.current;
        if (d && !d.open) d.showModal();
      },
      close: () => ref.current?.close(),
    }),
    [],
  );
}

/**
 * The frame of every phone route (docs/decisions/723): a head with the way back to the desktop
 * screen, the page's content in one column, and a sticky bar at the bottom that is always on screen.
 */
export function PhoneFrame({
  testId,
  title,
  desktop,
  nav,
  children,
  bar,
}: {
  testId: string;
  /** The page's heading; without it the content brings its own. */
  title?: ReactNode;
  /** The desktop twin of this route, linked from the head. */
  desktop?: { to: string; label: string };
  nav?: ReactNode;
  children: ReactNode;
  bar: ReactNode;
}) {
  const { t } = useTranslation("phone");
  return (
    <div className="phone-page" data-testid={testId}>
      {(title || desktop) && (
        <div className="phone-head">
          {title && <h1>{title}</h1>}
          {desktop && (
            <LocaleLink className="phone-desktop-link" to={desktop.to}>
              {desktop.label}
            </LocaleLink>
          )}
        </div>
      )}
      {nav}
      <nav className="phone-nav" aria-label={t("nav.label")}>
        <LocaleLink to={phonePaths.assets}>{t("nav.assets")}</LocaleLink>
        <LocaleLink to={phonePaths.orders}>{t("nav.orders")}</LocaleLink>
      </nav>
      {children}
      <div className="phone-bar" data-testid="phone-bar">
        {bar}
      </div>
    </div>
  );
}

/** The bar of a trading route: buy and sell, each opening the order sheet on its side. */
export function SideButtons({ sides, sheet }: { sides: readonly SheetSide[]; sheet: SheetControl }) {
  return (
    <>
      {sides.map((s) => (
        <button
          key={s.tone}
          type="button"
          className={`button submit-${s.tone}`}
          aria-haspopup="dialog"
          onClick={() => {
            s.pick();
            sheet.open();
          }}
        >
          {s.label}
        </button>
      ))}
    </>
  );
}

/**
 * The order entry as a bottom sheet: the browser's modal `<dialog>` (focus kept inside, Escape
 * closes), titled, with a close button; the form stays mounted while closed, so what was typed stays.
 * Its submit button sticks to the sheet's foot, on screen however long the form is.
 */
export function OrderSheet({ sheetRef, title, children }: { sheetRef: RefObject<HTMLDialogElement>; title: string; children: ReactNode }) {
  const { t } = useTranslation("phone");
  const titleId = useId();
  // Closed by a tap on the backdrop as well (the dialog itself is the backdrop's target).
  useEffect(() => {
    const d = sheetRef.current;
    if (!d) return;
    const onClick = (e: MouseEvent) => {
      if (e.target === d) d.close();
    };
    d.addEventListener("click", onClick);
    return () => d.removeEventListener("click", onClick);
  }, [sheetRef]);
  return (
    <dialog ref={sheetRef} className="phone-sheet" aria-labelledby={titleId} data-testid="order-sheet">
      <div className="phone-sheet-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button small" onClick={() => sheetRef.current?.close()}>
          {t("sheet.close")}
        </button>
      </div>
      <div className="phone-sheet-body">{children}</div>
    </dialog>
  );
}

/** A titled region of a phone page. */
export function PhoneSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card phone-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
