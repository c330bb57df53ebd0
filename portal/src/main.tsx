import { createRoot } from "react-dom/client";
import { Portal } from "./Portal.tsx";
import "./portal.css";

/** The customer portal lives at /portal/{appId}. */
const appId = decodeURIComponent(location.pathname.split("/")[2] ?? "");
createRoot(document.getElementById("root")!).render(<Portal appId={appId} />);
