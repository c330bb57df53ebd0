import { ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { usePrefersReducedMotion } from "./reducedMotion.ts";

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

/**
 * The theme: contrast tokens, and no antd motion for people who asked their system for less. Around the
 * console and around each antd part the sign-in page loads on demand (notices, the unlock form), so the
 * sign-in page itself needs none of antd (issue 19).
 */
export function Theme({ children }: { children: ReactNode }) {
  const still = usePrefersReducedMotion();
  return <ConfigProvider theme={{ token: { ...contrastTokens, motion: !still } }}>{children}</ConfigProvider>;
}
