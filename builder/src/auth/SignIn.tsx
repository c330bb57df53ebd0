import { Button, Form, Input } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useSession } from "../session/SessionProvider.tsx";
import { useFieldRules } from "../validation.ts";
import { AuthCard, FormError } from "./AuthCard.tsx";

/** /login */
export function SignIn() {
  const session = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const rules = useFieldRules();
  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          <Link to="/forgot-password">Forgot password?</Link> · No account yet?{" "}
          <Link to="/sign-up">Sign up</Link>
        </>
      }
    >
      <Form
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={async (v: { email: string; password: string }) => {
          setError(null);
          const failure = await session.signIn(v.email.trim(), v.password);
          if (failure === null) navigate("/apps", { replace: true });
          else setError(failure);
        }}
      >
        <Form.Item label="Email" name="email" rules={rules.email}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={rules.required}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <FormError message={error} />
        <Button type="primary" htmlType="submit" loading={session.signingIn} block>
          Sign in
        </Button>
      </Form>
    </AuthCard>
  );
}
