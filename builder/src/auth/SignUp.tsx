import { Button, Form, Input } from "antd";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { isAllowedUrl } from "../../../core/index.ts";
import { type ApiFailure, api, notify } from "../api.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { useFieldRules } from "../validation.ts";
import { AuthCard, FormError } from "./AuthCard.tsx";
import { NewPasswordFields } from "./NewPasswordFields.tsx";

/** /sign-up and /sign-up/{code} (a manager invitation); signs the new account in right away. */
export function SignUp() {
  const { code } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = useFieldRules();
  return (
    <AuthCard
      title="Sign up"
      footer={
        <>
          Have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <Form
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={async (v: { name?: string; email: string; password: string }) => {
          setBusy(true);
          setError(null);
          try {
            await api(code ? `/accounts/sign-up/${code}` : "/accounts/sign-up", {
              method: "POST",
              silent: true,
              body: {
                email: v.email.trim(),
                password: v.password,
                // spec §7: credentials plus the portal the user signed up from; left out when this origin
                // is not an address the URL policy accepts (a bare intranet host name), so sign-up still works.
                ...(isAllowedUrl(window.location.origin, { appLinks: false })
                  ? { portalUrl: window.location.origin }
                  : {}),
                ...(v.name ? { name: v.name } : {}),
              },
            });
            const failure = await session.signIn(v.email.trim(), v.password);
            if (failure !== null) throw new Error(failure);
            notify("success", "Account created");
            navigate("/apps", { replace: true });
          } catch (e) {
            setError((e as ApiFailure).message);
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
        <NewPasswordFields />
        <FormError message={error} />
        <Button type="primary" htmlType="submit" loading={busy} block>
          Sign up
        </Button>
      </Form>
    </AuthCard>
  );
}
