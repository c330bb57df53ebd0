import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Portal } from "./Portal.tsx";

/** The customer portal lives at /portal/{appId}. */
const appId = location.pathname.split("/")[2] ?? "";
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Portal appId={appId} />
  </StrictMode>,
);
