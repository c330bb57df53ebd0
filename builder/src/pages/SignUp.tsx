import { App, Button, Card, Form, Input, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { api } from "../api.ts";
import { useSession } from "../session.tsx";
import { useFieldRules } from "../validation.ts";

/** Sign-up screen; signs the new account in right away. */
export function SignUp() {
  const { signIn } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = useFieldRules();
  return (
    <Card title="Sign up" className="auth-card">
      <Form
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={async (v: { name: string; email: string; password: string }) => {
          setBusy(true);
          setError(null);
          try {
            await api("/accounts/sign-up", {
              method: "POST",
              body: { email: v.email, password: v.password, ...(v.name ? { name: v.name } : {}) },
            });
            await signIn(v.email, v.password);
            message.success("Account created");
            navigate("/apps", { replace: true });
          } catch (e) {
            setError((e as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item label="Name" name="name">
          <Input autoComplete="name" autoFocus />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={rules.email}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={rules.password}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirm"
          dependencies={["password"]}
          rules={rules.passwordConfirm}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error ? (
          <Typography.Paragraph type="danger" role="alert">
            {error}
          </Typography.Paragraph>
        ) : null}
        <Button type="primary" htmlType="submit" loading={busy} block>
          Sign up
        </Button>
      </Form>
      <Typography.Paragraph className="auth-switch">
        Have an account? <Link to="/login">Sign in</Link>
      </Typography.Paragraph>
    </Card>
  );
}
