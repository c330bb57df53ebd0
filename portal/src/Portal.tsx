import { useEffect, useState } from "react";
import type { MobileApp } from "../../schemas/index.ts";
import { widgetClient } from "../../sdk/client.ts";

const sections = ["Repairs", "Coupons", "Promotions", "Our App", "Inventory", "Additional Products"];

/** The portal's frame: the app's brand and its sections; each section grows in its own issue. */
export function Portal({ appId }: { appId: string }) {
  const [app, setApp] = useState<MobileApp | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    widgetClient({ apiBase: location.origin, appId })
      .getApp()
      .then(setApp, (e: Error) => setError(e.message));
  }, [appId]);
  if (error)
    return (
      <main style={{ padding: 24 }}>
        <h1>{error}</h1>
      </main>
    );
  if (!app)
    return (
      <main style={{ padding: 24 }} aria-busy="true">
        Loading…
      </main>
    );
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 960, margin: "0 auto", padding: 24 }}>
      <header style={{ display: "flex", alignItems: "center", gap: 12 }}>
        {app.definition.logo ? <img src={app.definition.logo} alt="" width={48} height={48} /> : null}
        <h1 style={{ margin: 0 }}>{app.definition.name}</h1>
      </header>
      <nav aria-label="Portal sections">
        <ul style={{ display: "flex", gap: 16, listStyle: "none", padding: 0 }}>
          {sections.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
