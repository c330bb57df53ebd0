import "./styles.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, Button, ConfigProvider, Layout, Spin } from "antd";
import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Link, Navigate, Route, Routes } from "react-router";
import { AppList } from "./pages/AppList.tsx";
import { AppIndexRedirect, AppWorkspace } from "./pages/AppWorkspace.tsx";
import { BrandEditor } from "./pages/BrandEditor.tsx";
import { CoverEditor } from "./pages/CoverEditor.tsx";
import { SignIn } from "./pages/SignIn.tsx";
import { SignUp } from "./pages/SignUp.tsx";
import { SessionProvider, useSession } from "./session.tsx";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

function RequireSession({ children }: { children: ReactNode }) {
  const { me, loading } = useSession();
  if (loading) return <Spin fullscreen />;
  if (!me) return <Navigate to="/login" replace />;
  return children;
}

function Shell({ children }: { children: ReactNode }) {
  const { me, signOut } = useSession();
  return (
    <Layout className="shell">
      <Layout.Header className="shell-header">
        <Link to="/apps" className="shell-brand">
          App Builder
        </Link>
        {me ? (
          <span className="shell-user">
            <span>{me.email}</span>
            <Button onClick={signOut}>Sign out</Button>
          </span>
        ) : null}
      </Layout.Header>
      <Layout.Content className="shell-content">{children}</Layout.Content>
    </Layout>
  );
}

function Root() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <Shell>
            <SignIn />
          </Shell>
        }
      />
      <Route
        path="/sign-up"
        element={
          <Shell>
            <SignUp />
          </Shell>
        }
      />
      <Route
        path="/apps"
        element={
          <RequireSession>
            <Shell>
              <AppList />
            </Shell>
          </RequireSession>
        }
      />
      <Route
        path="/apps/:appId"
        element={
          <RequireSession>
            <Shell>
              <AppWorkspace />
            </Shell>
          </RequireSession>
        }
      >
        <Route index element={<AppIndexRedirect />} />
        <Route path="brand" element={<BrandEditor />} />
        <Route path="cover" element={<CoverEditor />} />
      </Route>
      <Route path="*" element={<Navigate to="/apps" replace />} />
    </Routes>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ConfigProvider theme={{ token: { colorPrimary: "#1f6feb" } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <SessionProvider>
              <Root />
            </SessionProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
