import { Button, Card, Form, Input, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useSession } from "../session.tsx";
import { useFieldRules } from "../validation.ts";

/** Login screen. */
export function SignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = useFieldRules();
  return (
    <Card title="Sign in" className="auth-card">
      <Form
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={async (v: { email: string; password: string }) => {
          setBusy(true);
          setError(null);
          try {
            await signIn(v.email, v.password);
            navigate("/apps", { replace: true });
          } catch (e) {
            setError((e as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item label="Email" name="email" rules={rules.email}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={rules.required}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {error ? (
          <Typography.Paragraph type="danger" role="alert">
            {error}
          </Typography.Paragraph>
        ) : null}
        <Button type="primary" htmlType="submit" loading={busy} block>
          Sign in
        </Button>
      </Form>
      <Typography.Paragraph className="auth-switch">
        No account yet? <Link to="/sign-up">Sign up</Link>
      </Typography.Paragraph>
    </Card>
  );
}
