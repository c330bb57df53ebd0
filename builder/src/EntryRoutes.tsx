import { lazy, type ReactNode, Suspense } from "react";
import { Link, Route, Routes, useLocation } from "react-router";
import { SignIn } from "./auth/SignIn.tsx";
import { parseModes } from "./modes.ts";

// Issue 19: the sign-in page loads at most 150 KB of JS. It is the only page in the entry, in a frame of
// plain elements; the console (antd's Layout, App and every other page) loads for any other address.
const Console = lazy(() => import("./Routes.tsx").then((m) => ({ default: m.Console })));

/** The console shell's header and main as plain elements, styled like antd's Layout (styles.css). */
function PlainShell({ children }: { children: ReactNode }) {
  const hidden = parseModes(useLocation().search).hidden;
  return (
    <div className="shell plain-shell">
      {hidden ? null : (
        <header className="shell-header plain-shell-header">
          <Link to="/apps" className="shell-brand">
            App Builder
          </Link>
        </header>
      )}
      <main className="shell-content">{children}</main>
    </div>
  );
}

/** The routes of the entry: /login here, everything else in the console. */
export function EntryRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <PlainShell>
            <SignIn />
          </PlainShell>
        }
      />
      <Route
        path="*"
        element={
          <Suspense fallback={null}>
            <Console />
          </Suspense>
        }
      />
    </Routes>
  );
}
