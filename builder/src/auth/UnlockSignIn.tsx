import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { type ApiFailure, api } from "../api.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { Theme } from "../Theme.tsx";
import { useFieldRules } from "../validation.ts";
import { AuthCard, FormError } from "./AuthCard.tsx";

/**
 * While failed sign-ins keep the account locked, the mailed link (proof of the mailbox) and the password
 * sign the owner in (POST /accounts/unlock/{token}); the session then starts as after any sign-in.
 */
export function UnlockSignIn({ token }: { token: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = useFieldRules();
  // Loaded on demand from the sign-in page, outside the console: it brings antd's theme with it.
  return (
    <Theme>
      <AuthCard title="Sign in" footer={<Link to="/login">Back to sign in</Link>}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Your account was locked after too many failed sign-ins. Enter your password to sign in with this link."
        />
        <Form
          layout="vertical"
          validateTrigger="onBlur"
          onFinish={async (v: { password: string }) => {
            setBusy(true);
            setError(null);
            try {
              const sessionToken = await api<string>(`/accounts/unlock/${encodeURIComponent(token)}`, {
                method: "POST",
                body: { password: v.password },
                keep401: true,
                silent: true,
              });
              session.send({ type: "session.authenticate", token: sessionToken });
              navigate("/apps", { replace: true });
            } catch (e) {
              setError((e as ApiFailure).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item label="Password" name="password" rules={rules.required}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <FormError message={error} />
          <Button type="primary" htmlType="submit" loading={busy} block>
            Sign in
          </Button>
        </Form>
      </AuthCard>
    </Theme>
  );
}
