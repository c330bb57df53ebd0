/** Whether the address holds the dotenv query marker (spec §2): `?dotenv` or `?dotenv=…`. */
export const hasDebugMarker = (search = typeof location === "undefined" ? "" : location.search) =>
  new URLSearchParams(search).has("dotenv");

/** The debug overlay: the environment values this widget instance runs with. */
export function DebugOverlay({ values }: { values: Record<string, string | undefined> }) {
  return (
    <aside className="ba-debug" aria-label="Environment">
      <dl>
        {Object.entries(values).map(([k, v]) => (
          <div key={k} style={{ display: "contents" }}>
            <dt>{k}</dt>
            <dd>{v ?? "—"}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
