import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Layout, Menu, Skeleton, Space, Tag, Tooltip } from "antd";
import { memo, useCallback, useMemo, useState, useSyncExternalStore } from "react";
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import type { App, AppDefinition } from "../../../schemas/index.ts";
import { api } from "../api.ts";
import { useHistoryState, type Workspace, WorkspaceContext } from "../draft/context.tsx";
import { DraftRecovery } from "../draft/DraftRecovery.tsx";
import { DraftStore } from "../draft/DraftStore.ts";
import { useUndoShortcuts } from "../draft/useUndoShortcuts.ts";
import { ValueStore } from "../draft/ValueStore.ts";
import { modeSearch, parseModes } from "../modes.ts";
import { offersKey, withOffers } from "../offers/previewOffers.ts";
import type { OfferRecord } from "../offers/types.ts";
import { PhonePreview } from "../preview/PhonePreview.tsx";
import { ConflictDialog } from "../save/ConflictDialog.tsx";
import { createdFrom, useSaveApp } from "../save/useSaveApp.ts";
import { settingsSections } from "../settings/sections.ts";

const sections = [
  ...settingsSections.map((s) => ({ key: s.key, label: s.label })),
  { key: "features", label: "Features" },
  { key: "specials", label: "Specials" },
  { key: "promotions", label: "Promotions" },
  { key: "loyalty", label: "Loyalty" },
  { key: "customers", label: "Customers" },
  { key: "leads", label: "Leads" },
  { key: "staff", label: "Staff" },
  { key: "inventory", label: "Inventory" },
  { key: "dealer-data", label: "Dealer data" },
  { key: "team", label: "Team" },
  { key: "geofences", label: "Geofences" },
  { key: "push-subscriptions", label: "Subscribers" },
  { key: "push", label: "Push" },
  { key: "analytics", label: "Analytics" },
];

/** One app being edited: loads it (or starts a new one), keeps the draft, previews it and saves it. */
export function AppWorkspace() {
  const { appId = "new" } = useParams();
  const isNew = appId === "new";
  const loaded = useQuery({
    queryKey: ["app", appId],
    queryFn: () => api<App>(`/apps/${appId}`),
    enabled: !isNew,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!isNew && loaded.isLoading) return <Skeleton active />;
  if (!isNew && loaded.error) return <Alert type="error" showIcon title={(loaded.error as Error).message} />;
  // An app created in this tab keeps its workspace (draft and undo history) when "new" becomes its id.
  return <WorkspaceView key={createdFrom.get(appId) ?? appId} appId={appId} loaded={loaded.data ?? null} />;
}

function WorkspaceView({ appId, loaded }: { appId: string; loaded: App | null }) {
  const [store] = useState(() => new DraftStore(loaded?.definition ?? { name: "" }));
  const [slug] = useState(() => new ValueStore(loaded?.slug ?? ""));
  const [saved, setSaved] = useState<App | null>(loaded);
  const workspace: Workspace = useMemo(() => ({ store, appId, saved, slug }), [store, appId, saved, slug]);
  useUndoShortcuts(store);
  const onSaved = useCallback((app: App) => setSaved(app), []);
  const save = useSaveApp(workspace, onSaved);
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const modes = parseModes(location.search);
  const keep = modeSearch(location.search);
  const section = location.pathname.split("/")[3] ?? "brand";
  const featureId = params.get("id") ?? undefined;

  return (
    <WorkspaceContext.Provider value={workspace}>
      <Layout className={modes.hidden ? "workspace hidden-mode" : "workspace"}>
        {modes.hidden ? null : (
          <Layout.Sider width={190} theme="light" className="workspace-nav">
            <nav aria-label="App settings">
              <Menu
                selectedKeys={[section]}
                items={sections.map((s) => ({
                  key: s.key,
                  label: <Link to={`/apps/${appId}/${s.key}${keep}`}>{s.label}</Link>,
                }))}
              />
            </nav>
          </Layout.Sider>
        )}
        {/* A plain section: the shell's Layout.Content is already the page's <main>. */}
        <section className="workspace-editor" aria-label="Editor">
          <HistoryBar store={store} demo={modes.demo} />
          {modes.demo ? null : <DraftRecovery />}
          <Outlet />
        </section>
        <aside className="workspace-preview" aria-label="Live preview">
          <LivePreview
            store={store}
            appId={saved?.appId}
            featureId={featureId}
            onBack={() => navigate(`/apps/${appId}/features${keep}`)}
            onAddMissing={(item) => navigate(`/apps/${appId}/${item === "cover" ? "cover" : "brand"}${keep}`)}
          />
          <Tooltip title={modes.demo ? "Demo mode: changes are not saved" : undefined}>
            <Button
              type="primary"
              size="large"
              onClick={save.save}
              loading={save.saving}
              disabled={modes.demo}
              block
            >
              Save App
            </Button>
          </Tooltip>
        </aside>
      </Layout>
      <ConflictDialog theirs={save.theirs} onKeepMine={save.keepMine} onReloadTheirs={save.reloadTheirs} />
    </WorkspaceContext.Provider>
  );
}

type LivePreviewProps = Omit<Parameters<typeof PhonePreview>[0], "definition"> & { store: DraftStore };

/** The preview with the offers of the query cache; they change rarely, so their queries stay out of typing. */
function LivePreview(props: LivePreviewProps) {
  const coupons = useCachedOffers(props.appId, "coupons");
  const events = useCachedOffers(props.appId, "events");
  return <DraftPreview {...props} coupons={coupons} events={events} />;
}

/** The preview subscribes to the draft on its own so typing re-renders only the form and the preview. */
const DraftPreview = memo(function DraftPreview(
  props: LivePreviewProps & { coupons?: OfferRecord[]; events?: OfferRecord[] },
) {
  const { store, coupons, events, ...rest } = props;
  const draft: AppDefinition = useSyncExternalStore(store.subscribe, () => store.definition);
  const definition = useMemo(() => withOffers(draft, coupons, events), [draft, coupons, events]);
  return <PhonePreview definition={definition} {...rest} />;
});

/**
 * The offers the Specials and Promotions pages hold in the query cache, without fetching them: until
 * those pages load them, the loaded definition's own coupons and events are the preview's.
 */
function useCachedOffers(appId: string | undefined, kind: "coupons" | "events") {
  return useQuery({
    queryKey: offersKey(appId ?? "new", kind),
    // The pages' own fetch: an invalidation may run it through this observer.
    queryFn: () => api<OfferRecord[]>(`/apps/${appId}/${kind}`, { silent: true }),
    enabled: false,
  }).data;
}

function HistoryBar({ store, demo }: { store: DraftStore; demo: boolean }) {
  const { canUndo, canRedo } = useHistoryState();
  return (
    <Space className="history-bar">
      <Button onClick={() => store.undo()} disabled={!canUndo} aria-keyshortcuts="Control+Z">
        Undo
      </Button>
      <Button onClick={() => store.redo()} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z">
        Redo
      </Button>
      {demo ? <Tag color="orange">Demo mode</Tag> : null}
    </Space>
  );
}

/** /apps/{appId} opens its first section. */
export function AppIndexRedirect() {
  const { search } = useLocation();
  return <Navigate to={`brand${modeSearch(search)}`} replace />;
}
