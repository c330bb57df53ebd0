import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Alert, App as AntApp, Button, Layout, Skeleton, Spin } from "antd";
import { lazy, type ReactNode, Suspense } from "react";
import { Link, Navigate, Route, Routes as RouterRoutes, useLocation } from "react-router";
import { tokenStore } from "./api.ts";
import { parseModes } from "./modes.ts";
import { useSession } from "./session/SessionProvider.tsx";
import { Theme } from "./Theme.tsx";

// Route-level code splitting (issue 19): the sign-in page is the only one in the entry (EntryRoutes.tsx);
// this module (the shell, antd's App, react-query) loads for any other address, and every page in it
// loads when opened: the workspace brings the builder (RJSF, the grid, the preview) with it.
const ForgotPassword = lazy(() =>
  import("./auth/ForgotPassword.tsx").then((m) => ({ default: m.ForgotPassword })),
);
const ResetPassword = lazy(() =>
  import("./auth/ResetPassword.tsx").then((m) => ({ default: m.ResetPassword })),
);
const SignInAs = lazy(() => import("./auth/SignInAs.tsx").then((m) => ({ default: m.SignInAs })));
const SignUp = lazy(() => import("./auth/SignUp.tsx").then((m) => ({ default: m.SignUp })));
const Verify = lazy(() => import("./auth/Verify.tsx").then((m) => ({ default: m.Verify })));
const AppList = lazy(() => import("./pages/AppList.tsx").then((m) => ({ default: m.AppList })));
const AppWorkspace = lazy(() =>
  import("./pages/AppWorkspace.tsx").then((m) => ({ default: m.AppWorkspace })),
);
const AppIndexRedirect = lazy(() =>
  import("./pages/AppWorkspace.tsx").then((m) => ({ default: m.AppIndexRedirect })),
);
const FeatureGridPage = lazy(() =>
  import("./features/FeatureGridPage.tsx").then((m) => ({ default: m.FeatureGridPage })),
);
const FeatureEditorPage = lazy(() =>
  import("./features/FeatureEditorPage.tsx").then((m) => ({ default: m.FeatureEditorPage })),
);
const SettingsPage = lazy(() =>
  import("./settings/SettingsPage.tsx").then((m) => ({ default: m.SettingsPage })),
);

// The offers and loyalty pages (and dnd-kit) load when opened, so the sign-in page does not grow.
const OffersPage = lazy(() => import("./offers/OffersPage.tsx").then((m) => ({ default: m.OffersPage })));
const LoyaltyPage = lazy(() => import("./loyalty/LoyaltyPage.tsx").then((m) => ({ default: m.LoyaltyPage })));
const CustomersPage = lazy(() =>
  import("./customers/CustomersPage.tsx").then((m) => ({ default: m.CustomersPage })),
);
const CustomerPage = lazy(() =>
  import("./customers/CustomerPage.tsx").then((m) => ({ default: m.CustomerPage })),
);
const LeadsPage = lazy(() => import("./leads/LeadsPage.tsx").then((m) => ({ default: m.LeadsPage })));
const TeamPage = lazy(() => import("./team/TeamPage.tsx").then((m) => ({ default: m.TeamPage })));
const StaffPage = lazy(() => import("./staff/StaffPage.tsx").then((m) => ({ default: m.StaffPage })));
const InventoryPage = lazy(() =>
  import("./dealer-data/InventoryPage.tsx").then((m) => ({ default: m.InventoryPage })),
);
const DealerDataPage = lazy(() =>
  import("./dealer-data/DealerDataPage.tsx").then((m) => ({ default: m.DealerDataPage })),
);
const ChangePassword = lazy(() =>
  import("./account/ChangePassword.tsx").then((m) => ({ default: m.ChangePassword })),
);
const GeofencesPage = lazy(() =>
  import("./geofences/GeofencesPage.tsx").then((m) => ({ default: m.GeofencesPage })),
);
const SubscribersPage = lazy(() =>
  import("./push-subscriptions/SubscribersPage.tsx").then((m) => ({ default: m.SubscribersPage })),
);
const PushSchedulePage = lazy(() =>
  import("./push/PushSchedulePage.tsx").then((m) => ({ default: m.PushSchedulePage })),
);
const PushComposerPage = lazy(() =>
  import("./push/PushComposer.tsx").then((m) => ({ default: m.PushComposerPage })),
);
// The analytics dashboards (and recharts) load only when opened.
const AnalyticsOverviewPage = lazy(() =>
  import("./analytics/AnalyticsPages.tsx").then((m) => ({ default: m.AnalyticsOverviewPage })),
);
const AnalyticsTypePage = lazy(() =>
  import("./analytics/AnalyticsPages.tsx").then((m) => ({ default: m.AnalyticsTypePage })),
);
// The admin console (issue 18) loads only when an admin opens it.
const AdminRoutes = lazy(() => import("./admin/AdminRoutes.tsx").then((m) => ({ default: m.AdminRoutes })));
const page = (node: ReactNode) => <Suspense fallback={<Skeleton active />}>{node}</Suspense>;

function RequireSession({ children }: { children: ReactNode }) {
  const { me, loading, failed } = useSession();
  if (loading) return <Spin fullscreen aria-label="Loading" />;
  // spec §7: a 500 from the profile check is an error to show, not a reason to sign the user out.
  if (failed) return <Alert type="error" showIcon title={failed} className="session-failed" />;
  if (!me) return <Navigate to="/login" replace />;
  return children;
}

/** The signed-in user lands on the apps; everyone else on the login. */
function RootRedirect() {
  const { me, loading } = useSession();
  if (loading) return <Spin fullscreen aria-label="Loading" />;
  return <Navigate to={me ? "/apps" : "/login"} replace />;
}

function Shell({ children }: { children: ReactNode }) {
  const { me, send } = useSession();
  const { search } = useLocation();
  // Hidden mode (_h=1) shows the editor without the console's chrome.
  const hidden = parseModes(search).hidden;
  return (
    <Layout className="shell">
      {hidden ? null : (
        <Layout.Header className="shell-header">
          <Link to="/apps" className="shell-brand">
            App Builder
          </Link>
          {me ? (
            <span className="shell-user">
              {/* While impersonating, signing out returns to the admin's own session. */}
              {tokenStore.getSecondary() ? <span className="shell-impersonating">Signed in as</span> : null}
              <span>{me.email}</span>
              <Link to="/account/password" className="shell-change-password">
                Change password
              </Link>
              <Button onClick={() => send({ type: "session.signOut" })}>
                {tokenStore.getSecondary() ? "Back to admin" : "Sign out"}
              </Button>
            </span>
          ) : null}
        </Layout.Header>
      )}
      {/* antd's Layout.Content is the page's one <main> (issue 19: no nested main elements). */}
      <Layout.Content className="shell-content">{children}</Layout.Content>
    </Layout>
  );
}

const open = (page: ReactNode) => <Shell>{page}</Shell>;
const guarded = (page: ReactNode) => (
  <RequireSession>
    <Shell>{page}</Shell>
  </RequireSession>
);

export function Routes() {
  return (
    <RouterRoutes>
      <Route path="/" element={<RootRedirect />} />
      <Route path="/sign-up" element={open(page(<SignUp />))} />
      <Route path="/sign-up/:code" element={open(page(<SignUp />))} />
      <Route path="/forgot-password" element={open(page(<ForgotPassword />))} />
      <Route path="/reset-password/:token" element={open(page(<ResetPassword />))} />
      <Route path="/verify" element={open(page(<Verify />))} />
      <Route path="/verify/:token" element={open(page(<Verify />))} />
      <Route path="/sign-in-as/:userId" element={guarded(page(<SignInAs />))} />
      <Route path="/apps" element={guarded(page(<AppList />))} />
      <Route path="/admin/*" element={guarded(page(<AdminRoutes />))} />
      <Route path="/account/password" element={guarded(page(<ChangePassword />))} />
      <Route path="/apps/:appId" element={guarded(page(<AppWorkspace />))}>
        <Route index element={page(<AppIndexRedirect />)} />
        <Route path="features" element={page(<FeatureGridPage />)} />
        <Route path="features/*" element={page(<FeatureEditorPage />)} />
        <Route path="specials" element={page(<OffersPage key="coupons" kind="coupons" />)} />
        <Route path="promotions" element={page(<OffersPage key="events" kind="events" />)} />
        <Route path="loyalty" element={page(<LoyaltyPage />)} />
        <Route path="customers" element={page(<CustomersPage />)} />
        <Route path="customers/:userId" element={page(<CustomerPage />)} />
        <Route path="leads" element={page(<LeadsPage />)} />
        <Route path="team" element={page(<TeamPage />)} />
        <Route path="staff" element={page(<StaffPage />)} />
        <Route path="inventory" element={page(<InventoryPage />)} />
        <Route path="dealer-data" element={page(<DealerDataPage />)} />
        <Route path="geofences" element={page(<GeofencesPage />)} />
        <Route path="push-subscriptions" element={page(<SubscribersPage />)} />
        <Route path="push" element={page(<PushSchedulePage />)} />
        <Route path="push/add" element={page(<PushComposerPage />)} />
        <Route path="push/:pushId" element={page(<PushComposerPage />)} />
        <Route path="analytics" element={page(<AnalyticsOverviewPage />)} />
        <Route path="analytics/:type" element={page(<AnalyticsTypePage />)} />
        <Route path=":section" element={page(<SettingsPage />)} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </RouterRoutes>
  );
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Everything but the sign-in page, in antd's theme and App (modal, message) and with react-query. */
export function Console() {
  return (
    <Theme>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <Routes />
        </QueryClientProvider>
      </AntApp>
    </Theme>
  );
}
