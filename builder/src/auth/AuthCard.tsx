import type { ReactNode } from "react";

/**
 * The frame of every session screen: one card with a heading, the form, and links below it. Plain elements
 * styled like antd's Card and Title (styles.css): antd's Card and Typography bring tabs, tooltips and
 * dropdowns with them, about 40 KB gzip the sign-in page does not need (issue 19: at most 150 KB).
 */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="auth-card">
      <h1 className="auth-title">{title}</h1>
      {children}
      {footer ? <div className="auth-switch">{footer}</div> : null}
    </section>
  );
}

/** An inline failure under a form, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="auth-error" role="alert">
      {message}
    </p>
  ) : null;
}
