import { Button, Form, Input, Result } from "antd";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { type ApiFailure, api } from "../api.ts";
import { useFieldRules } from "../validation.ts";
import { AuthCard, FormError } from "./AuthCard.tsx";

/** /reset-password/{token}: the link of the reset mail. */
export function ResetPassword() {
  const { token = "" } = useParams();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = useFieldRules();
  if (done)
    return (
      <AuthCard title="Reset password">
        <Result
          status="success"
          title="Your password has been changed"
          extra={<Link to="/login">Sign in</Link>}
        />
      </AuthCard>
    );
  return (
    <AuthCard title="Reset password" footer={<Link to="/login">Back to sign in</Link>}>
      <Form
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={async (v: { password: string }) => {
          setBusy(true);
          setError(null);
          try {
            await api(`/accounts/reset-password/${token}`, {
              method: "PUT",
              body: { password: v.password },
              silent: true,
            });
            setDone(true);
          } catch (e) {
            setError((e as ApiFailure).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item label="Password" name="password" rules={rules.password}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirm"
          dependencies={["password"]}
          rules={rules.passwordConfirm}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" loading={busy} block>
          Set password
        </Button>
      </Form>
    </AuthCard>
  );
}
