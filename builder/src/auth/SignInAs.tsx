import { Result, Spin } from "antd";
import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router";
import { useSession } from "../session/SessionProvider.tsx";
import { AuthCard } from "./AuthCard.tsx";

/**
 * /sign-in-as/{userId}: an admin opens the console as another user (spec §6). The admin's own token is
 * kept aside and comes back on sign-out (machines/session.ts).
 */
export function SignInAs() {
  const { userId = "" } = useParams();
  const session = useSession();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !session.me) return;
    sent.current = true;
    session.send({ type: "session.impersonate", userId });
  }, [session, userId]);
  return (
    <AuthCard title="Sign in as another user">
      {session.error ? (
        <Result status="error" title={session.error} extra={<Link to="/apps">Back to your apps</Link>} />
      ) : (
        <Spin aria-label="Signing in" />
      )}
    </AuthCard>
  );
}
