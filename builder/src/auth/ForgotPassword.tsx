import { Button, Form, Input, Result } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { type ApiFailure, api } from "../api.ts";
import { useFieldRules } from "../validation.ts";
import { AuthCard, FormError } from "./AuthCard.tsx";

/** spec §8: shown once the reset mail is on its way. */
export const PASSWORD_RESET_SENT = "Password reset email has been sent!";

/** /forgot-password: mails a reset link. */
export function ForgotPassword() {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = useFieldRules();
  if (sent)
    return (
      <AuthCard title="Forgot password" footer={<Link to="/login">Back to sign in</Link>}>
        <Result status="success" title={PASSWORD_RESET_SENT} />
      </AuthCard>
    );
  return (
    <AuthCard title="Forgot password" footer={<Link to="/login">Back to sign in</Link>}>
      <Form
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={async (v: { email: string }) => {
          setBusy(true);
          setError(null);
          try {
            await api(`/accounts/send-password-reset/${encodeURIComponent(v.email.trim())}`, {
              method: "POST",
              silent: true,
            });
            setSent(true);
          } catch (e) {
            setError((e as ApiFailure).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item label="Email" name="email" rules={rules.email}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" loading={busy} block>
          Send reset link
        </Button>
      </Form>
    </AuthCard>
  );
}
