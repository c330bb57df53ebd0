import { Result, Spin } from "antd";
import { useEffect, useRef } from "react";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import { returnPath } from "../admin/logic.ts";
import { tokenStore } from "../api.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { AuthCard } from "./AuthCard.tsx";

/**
 * /sign-in-as/{userId}?return=/admin/...: an admin opens the console as another user (spec §6). The
 * admin's own token is kept aside and comes back with 'Back to admin' (machines/session.ts), which returns
 * to the `return` page.
 */
export function SignInAs() {
  const { userId = "" } = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const sent = useRef(false);
  // Already someone else: never sign in as yet another user with the borrowed token.
  const impersonating = Boolean(tokenStore.getSecondary());
  useEffect(() => {
    if (impersonating || sent.current || !session.me) return;
    sent.current = true;
    returnPath.set(search.get("return"));
    session.send({ type: "session.impersonate", userId });
  }, [impersonating, session, userId, search]);
  if (impersonating) return <Navigate to="/apps" replace />;
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
