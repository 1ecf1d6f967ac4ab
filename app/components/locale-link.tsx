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
