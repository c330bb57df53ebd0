import { Button, Form, Result } from "antd";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { type ApiFailure, api } from "../api.ts";
import { AuthCard, FormError } from "./AuthCard.tsx";
import { NewPasswordFields } from "./NewPasswordFields.tsx";

/** /reset-password/{token}: the link of the reset mail. */
export function ResetPassword() {
  const { token = "" } = useParams();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
        <NewPasswordFields autoFocus />
        <FormError message={error} />
        <Button type="primary" htmlType="submit" loading={busy} block>
          Set password
        </Button>
      </Form>
    </AuthCard>
  );
}
