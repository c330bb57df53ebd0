import "./styles.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider } from "antd";
import { type ReactNode, StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { setApiHooks } from "./api.ts";
import { Routes } from "./Routes.tsx";
import { usePrefersReducedMotion } from "./reducedMotion.ts";
import { SessionProvider } from "./session/SessionProvider.tsx";

/**
 * antd's default link blue, secondary greys and error red fall below WCAG AA contrast on white; these keep
 * the look and pass (axe-core runs in tests/e2e/builder-a11y.test.ts).
 */
const contrastTokens = {
  colorPrimary: "#1d5fd1",
  colorLink: "#1d5fd1",
  colorInfo: "#1d5fd1",
  colorError: "#c21d1d",
  colorTextSecondary: "rgba(0, 0, 0, 0.66)",
  colorTextDescription: "rgba(0, 0, 0, 0.66)",
  colorTextPlaceholder: "rgba(0, 0, 0, 0.58)",
};

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** spec §8 notification levels (success, danger, warning) on antd's notices. */
function Notifications() {
  const { message } = AntApp.useApp();
  useEffect(
    () =>
      setApiHooks({
        notify: (level, text) => {
          if (level === "success") message.success(text);
          else if (level === "warning") message.warning(text);
          else message.error(text);
        },
      }),
    [message],
  );
  return null;
}

/** The theme: contrast tokens, and no antd motion for people who asked their system for less. */
function Theme({ children }: { children: ReactNode }) {
  const still = usePrefersReducedMotion();
  return <ConfigProvider theme={{ token: { ...contrastTokens, motion: !still } }}>{children}</ConfigProvider>;
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Theme>
      <AntApp>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          {/* Without transitions the editor changes together with the address, never after it. */}
          <BrowserRouter useTransitions={false}>
            <SessionProvider>
              <Routes />
            </SessionProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </Theme>
  </StrictMode>,
);
