import type { ReactNode } from "react";

/** The one card of an account page (log in, sign up, reset, API key): a section named by its heading. */
export function AuthCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="auth-card" aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {children}
    </section>
  );
}
