import { Menu, Result, Skeleton } from "antd";
import { lazy, type ReactNode, Suspense } from "react";
import { Link, Navigate, Route, Routes, useLocation } from "react-router";
import { useSession } from "../session/SessionProvider.tsx";

const AppsPage = lazy(() => import("./AppsPage.tsx").then((m) => ({ default: m.AppsPage })));
const AppDetailPage = lazy(() => import("./AppDetailPage.tsx").then((m) => ({ default: m.AppDetailPage })));
const AccountsPage = lazy(() => import("./AccountsPage.tsx").then((m) => ({ default: m.AccountsPage })));
const AccountPage = lazy(() => import("./AccountsPage.tsx").then((m) => ({ default: m.AccountPage })));
const MultiappsPage = lazy(() => import("./MultiappsPage.tsx").then((m) => ({ default: m.MultiappsPage })));
const CatalogsPage = lazy(() => import("./CatalogsPage.tsx").then((m) => ({ default: m.CatalogsPage })));
const ClientRelationsPage = lazy(() =>
  import("./ClientRelationsPage.tsx").then((m) => ({ default: m.ClientRelationsPage })),
);
const AuditPage = lazy(() => import("./AuditPage.tsx").then((m) => ({ default: m.AuditPage })));
const FeaturePackagesPage = lazy(() =>
  import("./FeaturePackagesPage.tsx").then((m) => ({ default: m.FeaturePackagesPage })),
);

const sections = [
  { key: "apps", label: "Apps" },
  { key: "accounts", label: "Accounts" },
  { key: "multiapps", label: "Multiapps" },
  { key: "catalogs", label: "Catalogs" },
  { key: "client-relations", label: "Client relations" },
  { key: "audit", label: "Audit log" },
  { key: "partner-modules", label: "Partner modules" },
] as const;

const page = (node: ReactNode) => <Suspense fallback={<Skeleton active />}>{node}</Suspense>;

/**
 * The admin console under /admin (issue 18): apps, accounts, multiapps, catalogs, client relations and the
 * audit log, for internal admins. Accountants (client managers) see client relations only.
 */
export function AdminRoutes() {
  const { me } = useSession();
  const { pathname } = useLocation();
  const admin = me?.type === "Admin";
  const clientManager = admin || me?.type === "Accountant";
  if (!clientManager)
    return (
      <Result
        status="403"
        title="Only administrators may open the admin console"
        extra={<Link to="/apps">Back to your apps</Link>}
      />
    );
  const current = pathname.split("/")[2] ?? "apps";
  const items = sections
    .filter((s) => admin || s.key === "client-relations")
    .map((s) => ({ key: s.key, label: <Link to={`/admin/${s.key}`}>{s.label}</Link> }));
  return (
    <div className="admin-console">
      <nav aria-label="Admin sections">
        <Menu mode="horizontal" selectedKeys={[current]} items={items} />
      </nav>
      <div className="admin-page">
        <Routes>
          <Route index element={<Navigate to={admin ? "apps" : "client-relations"} replace />} />
          <Route path="client-relations" element={page(<ClientRelationsPage />)} />
          {admin ? (
            <>
              <Route path="apps" element={page(<AppsPage />)} />
              <Route path="apps/:appId" element={page(<AppDetailPage />)} />
              <Route path="accounts" element={page(<AccountsPage />)} />
              <Route path="accounts/:userId" element={page(<AccountPage />)} />
              <Route path="multiapps" element={page(<MultiappsPage />)} />
              <Route path="catalogs" element={page(<CatalogsPage />)} />
              <Route path="audit" element={page(<AuditPage />)} />
              <Route path="partner-modules" element={page(<FeaturePackagesPage />)} />
            </>
          ) : null}
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </div>
    </div>
  );
}
