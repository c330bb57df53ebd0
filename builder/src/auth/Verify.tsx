import { Button, Result, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { type ApiFailure, api, notify } from "../api.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { AuthCard } from "./AuthCard.tsx";

/**
 * /verify/{token} confirms the address from the mail; /verify without a token lets a signed-in user ask for
 * the mail again.
 */
export function Verify() {
  const { token } = useParams();
  return token ? <ConfirmEmail token={token} /> : <SendConfirmation />;
}

function ConfirmEmail({ token }: { token: string }) {
  const [state, setState] = useState<{ status: "busy" | "done" | "failed"; message?: string }>({
    status: "busy",
  });
  // React's development double effect would spend the one-time token twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api(`/accounts/confirm-email/${token}`, { method: "PUT", silent: true })
      .then(() => setState({ status: "done" }))
      .catch((e: ApiFailure) => setState({ status: "failed", message: e.message }));
  }, [token]);
  return (
    <AuthCard title="Verify email">
      {state.status === "busy" ? <Spin aria-label="Confirming" /> : null}
      {state.status === "done" ? (
        <Result
          status="success"
          title="Your email is confirmed"
          extra={<Link to="/apps">Go to your apps</Link>}
        />
      ) : null}
      {state.status === "failed" ? (
        <Result status="error" title={state.message} extra={<Link to="/verify">Send a new link</Link>} />
      ) : null}
    </AuthCard>
  );
}

function SendConfirmation() {
  const { me } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <AuthCard title="Verify email" footer={<Link to="/apps">Back to your apps</Link>}>
      {me?.emailConfirmed ? (
        <Result status="success" title="Your email is confirmed" />
      ) : (
        <Result
          status="info"
          title={me ? `Confirm ${me.email}` : "Sign in to confirm your email"}
          extra={
            me ? (
              <Button
                type="primary"
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  await api("/accounts/send-email-confirmation", { method: "POST" })
                    .then(() => notify("success", `A confirmation link was sent to ${me.email}`))
                    .catch(() => undefined)
                    .finally(() => setBusy(false));
                }}
              >
                Send confirmation email
              </Button>
            ) : (
              <Link to="/login">Sign in</Link>
            )
          }
        />
      )}
    </AuthCard>
  );
}
