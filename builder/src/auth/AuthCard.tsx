import { Card, Typography } from "antd";
import type { ReactNode } from "react";

/** The frame of every session screen: one card with a heading, the form, and links below it. */
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
    <Card className="auth-card">
      <Typography.Title level={1} className="auth-title">
        {title}
      </Typography.Title>
      {children}
      {footer ? <div className="auth-switch">{footer}</div> : null}
    </Card>
  );
}

/** An inline failure under a form, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <Typography.Paragraph type="danger" role="alert">
      {message}
    </Typography.Paragraph>
  ) : null;
}
