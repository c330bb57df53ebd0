import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App as AntApp, Button, Layout, Menu, Skeleton } from "antd";
import { useEffect, useMemo, useState } from "react";
import { Link, Outlet, useLocation, useNavigate, useOutletContext, useParams } from "react-router";
import {
  type App,
  type AppDefinition,
  AppDefinition as DefinitionSchema,
  type FieldError,
  validate,
} from "../../../schemas/index.ts";
import { type ApiFailure, api } from "../api.ts";
import { PhonePreview } from "../preview/PhonePreview.tsx";

export interface Draft {
  definition: AppDefinition;
  errors: FieldError[];
  /** Which fields the user has left (errors show on blur and on save, not on untouched fields). */
  touched: Set<string>;
  change(patch: Partial<AppDefinition>): void;
  touch(field: string): void;
}

export const useDraft = () => useOutletContext<Draft>();

const sections = [
  { key: "brand", label: "Brand" },
  { key: "cover", label: "Cover" },
];

/** One app being edited: loads it (or starts a new one), keeps the draft, previews it and saves it. */
export function AppWorkspace() {
  const { appId = "new" } = useParams();
  const isNew = appId === "new";
  const loaded = useQuery({
    queryKey: ["app", appId],
    queryFn: () => api<App>(`/apps/${appId}`),
    enabled: !isNew,
  });
  if (!isNew && loaded.isLoading) return <Skeleton active />;
  if (!isNew && loaded.error) return <Alert type="error" showIcon title={(loaded.error as Error).message} />;
  return (
    <Workspace key={`${appId}:${loaded.data?.version ?? 0}`} appId={appId} saved={loaded.data ?? null} />
  );
}

function Workspace({ appId, saved }: { appId: string; saved: App | null }) {
  const [definition, setDefinition] = useState<AppDefinition>(saved?.definition ?? { name: "" });
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const errors = useMemo(() => validate(DefinitionSchema, definition), [definition]);

  const draft: Draft = {
    definition,
    errors,
    touched,
    change: (patch) => setDefinition((d) => ({ ...d, ...patch })),
    touch: (field) => setTouched((t) => new Set(t).add(field)),
  };

  const save = async () => {
    setTouched(new Set(errors.map((e) => e.path.split("/")[1])));
    if (errors.length) return;
    setSaving(true);
    try {
      const result = saved
        ? await api<App>(`/apps/${appId}`, {
            method: "PUT",
            body: { version: saved.version, slug: saved.slug, definition },
          })
        : await api<App>("/apps", { method: "POST", body: { definition } });
      message.success(saved ? "App updated" : "App created");
      qc.setQueryData(["app", result.appId], result);
      qc.invalidateQueries({ queryKey: ["apps"] });
      if (!saved)
        navigate(location.pathname.replace("/apps/new/", `/apps/${result.appId}/`), { replace: true });
    } catch (e) {
      const failure = e as ApiFailure;
      message.error(failure.message);
    } finally {
      setSaving(false);
    }
  };

  const section = location.pathname.split("/")[3] ?? "brand";
  return (
    <Layout className="workspace">
      <Layout.Sider width={180} theme="light" className="workspace-nav">
        <Menu
          selectedKeys={[section]}
          items={sections.map((s) => ({
            key: s.key,
            label: <Link to={`/apps/${appId}/${s.key}`}>{s.label}</Link>,
          }))}
        />
      </Layout.Sider>
      <Layout.Content className="workspace-editor">
        <Outlet context={draft} />
      </Layout.Content>
      <aside className="workspace-preview">
        <PhonePreview definition={definition} appId={saved?.appId} />
        <Button type="primary" size="large" onClick={save} loading={saving} block>
          Save App
        </Button>
      </aside>
    </Layout>
  );
}

/** Redirects /apps/{appId} to its first section. */
export function AppIndexRedirect() {
  const { appId } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/apps/${appId}/brand`, { replace: true });
  }, [appId, navigate]);
  return null;
}
