import type { ReactNode } from "react";
import { LocaleLink } from "~/components/locale-link";

/**
 * The one card of an account page (log in, sign up, reset, API key): a section named by its heading.
 * `next` ends a finished step with the one way on (after a reset, the login; after a new key, the list).
 */
export function AuthCard({
  id,
  title,
  next,
  children,
}: {
  id: string;
  title: string;
  next?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="auth-card" aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {children}
      {next && (
        <LocaleLink to={next.to} className="button primary block">
          {next.label}
        </LocaleLink>
      )}
    </section>
  );
}
