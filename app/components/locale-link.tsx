import { Link, NavLink, useLocation, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { forwardRef, useCallback } from "react";
import { localizePath, splitLocalePath } from "~/lib/i18n/locale-path";

/** The locale prefix of the current address (docs/product.md), or null. */
export function useLocalePrefix(): string | null {
  return splitLocalePath(useLocation().pathname).prefix;
}

/** Turns an app path into the same path under the current locale prefix. */
export function useLocalize(): (to: string) => string {
  const prefix = useLocalePrefix();
  return useCallback((to: string) => localizePath(to, prefix), [prefix]);
}

/** Remix's Link that keeps the locale prefix on app-absolute string targets. */
export const LocaleLink = forwardRef<HTMLAnchorElement, LinkProps>(function LocaleLink({ to, ...rest }, ref) {
  const localize = useLocalize();
  return <Link ref={ref} to={typeof to === "string" ? localize(to) : to} {...rest} />;
});

/** Remix's NavLink that keeps the locale prefix on app-absolute string targets. */
export const LocaleNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function LocaleNavLink({ to, ...rest }, ref) {
  const localize = useLocalize();
  return <NavLink ref={ref} to={typeof to === "string" ? localize(to) : to} {...rest} />;
});

/** One link of a `LocaleLinks` row; `className` when it differs from the row's. */
export interface LinkItem {
  to: string;
  label: string;
  className?: string;
}

/** Action links side by side (the site header's, the asset shell's deposit and withdraw), each a `LocaleLink`. */
export function LocaleLinks({ links, className }: { links: readonly LinkItem[]; className: string }) {
  return links.map((l) => (
    <LocaleLink key={l.to} to={l.to} className={l.className ?? className}>
      {l.label}
    </LocaleLink>
  ));
}
