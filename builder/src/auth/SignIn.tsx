import { type FormEvent, lazy, Suspense, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { messages } from "../../../schemas/messages.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { accountFieldError } from "../validation.ts";
import { AuthCard, FormError } from "./AuthCard.tsx";

// The unlock form (antd's Alert and Form) loads only for the mailed unlock link.
const UnlockSignIn = lazy(() => import("./UnlockSignIn.tsx").then((m) => ({ default: m.UnlockSignIn })));

/** /login, and /login?unlock={token}: the link mailed when failed sign-ins locked the account. */
export function SignIn() {
  const [params] = useSearchParams();
  const unlock = params.get("unlock");
  return unlock ? (
    <Suspense fallback={null}>
      <UnlockSignIn token={unlock} />
    </Suspense>
  ) : (
    <PasswordSignIn />
  );
}

type Errors = { email?: string | null; password?: string | null };

const passwordError = (value: string) => (value.trim() ? null : messages.required);

/**
 * The sign-in form in plain elements styled like antd's vertical Form (styles.css): antd's Form, Input and
 * Button with its theme were about 120 KB gzip of a 150 KB budget (issue 19). Same behaviour: each field is
 * checked when it loses the focus and all on submit, the email against the shared schema (loaded on the
 * first check), with the errors under the fields.
 */
function PasswordSignIn() {
  const session = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const checkEmail = async (value: string) => {
    const message = await accountFieldError("email", value.trim());
    setErrors((e) => ({ ...e, email: message }));
    return message;
  };
  const checkPassword = (value: string) => {
    const message = passwordError(value);
    setErrors((e) => ({ ...e, password: message }));
    return message;
  };
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    const failed = [checkPassword(password), await checkEmail(email)].some(Boolean);
    if (failed) return;
    setError(null);
    const failure = await session.signIn(email.trim(), password);
    if (failure === null) navigate("/apps", { replace: true });
    else setError(failure);
  };
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
      <form className="plain-form" noValidate onSubmit={onSubmit}>
        <Field
          name="email"
          label="Email"
          autoComplete="username"
          autoFocus
          error={errors.email}
          onBlur={(v) => void checkEmail(v)}
        />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          onBlur={checkPassword}
        />
        <FormError message={error} />
        <button
          type="submit"
          className="plain-button-primary"
          disabled={session.signingIn}
          aria-busy={session.signingIn}
        >
          Sign in
        </button>
      </form>
    </AuthCard>
  );
}

/** A required field: label above, the error below and announced, as antd's Form.Item shows them. */
function Field({
  name,
  label,
  type = "text",
  autoComplete,
  autoFocus,
  error,
  onBlur,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
  error?: string | null;
  onBlur(value: string): void;
}) {
  const id = `sign-in-${name}`;
  return (
    <div className="plain-field">
      <label htmlFor={id} className="plain-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className={error ? "plain-input plain-input-error" : "plain-input"}
        autoComplete={autoComplete}
        // The sign-in page is the form: the email field takes the focus, as antd's Input did.
        autoFocus={autoFocus}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onBlur={(e) => onBlur(e.currentTarget.value)}
      />
      {error ? (
        <div id={`${id}-error`} className="plain-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
