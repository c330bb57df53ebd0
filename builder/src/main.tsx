import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { EntryRoutes } from "./EntryRoutes.tsx";
import { Notices } from "./Notices.tsx";
import { SessionProvider } from "./session/SessionProvider.tsx";

// The entry holds the sign-in page and the session only (issue 19: at most 150 KB of JS on the sign-in
// page); antd, react-query and every other page load with the console (Routes.tsx).
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Notices />
    {/* Without transitions the editor changes together with the address, never after it. */}
    <BrowserRouter useTransitions={false}>
      <SessionProvider>
        <EntryRoutes />
      </SessionProvider>
    </BrowserRouter>
  </StrictMode>,
);
