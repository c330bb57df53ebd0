import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import type {
  AdminAppView,
  AppMetadata,
  AppRelease,
  AppUserFile,
  AuditList,
  Manager,
  PushProfileView,
  TaskRecord,
} from "../../../schemas/index.ts";
import { fieldErrorsOf } from "../account/logic.ts";
import { type ApiFailure, api, notify } from "../api.ts";
import { formatDateTime } from "../offers/logic.ts";
import {
  configKeys,
  type DiffRow,
  jsonText as json,
  metadataDiff,
  selectKeys,
  textKeys,
  metadataPatch as toPatch,
} from "./logic.ts";
import { ConfirmButton, fetchWithToken, openBlob } from "./ui.tsx";

type Meta = Required<AppMetadata>;
const allFields = [
  ...textKeys.map((k) => k[0]),
  ...selectKeys.map((k) => k[0]),
  ...configKeys.map((k) => k[0]),
  "brandLocked",
  "isMaster",
] as string[];

const view = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));

/** The admin app detail (spec §2, §3 admin app view, §4 release, review, brand unlock). */
export function AppDetailPage() {
  const { appId = "" } = useParams();
  const app = useQuery({
    queryKey: ["admin", "app", appId],
    queryFn: () => api<AdminAppView>(`/admin/apps/${appId}`, { silent: true }),
  });
  if (app.isLoading) return <Skeleton active />;
  if (app.error)
    return (
      <Alert
        type="error"
        showIcon
        title={(app.error as Error).message}
        action={<Link to="/admin/apps">Back to the app list</Link>}
      />
    );
  const a = app.data!;
  return (
    <section aria-labelledby="admin-app-title">
      <Space style={{ marginBottom: 8 }}>
        <Link to="/admin/apps">All apps</Link>
      </Space>
      <Typography.Title level={1} id="admin-app-title" style={{ fontSize: 22 }}>
        {a.name || a.slug} <Tag>{a.status}</Tag>
        {a.brandLocked ? <Tag>Brand locked</Tag> : <Tag>Brand unlocked</Tag>}
      </Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <Link to={`/apps/${a.appId}/brand`}>Open in the builder</Link>
        <Link to={`/admin/audit?appId=${a.appId}`}>Audit log of this app</Link>
      </Space>
      <Tabs
        items={[
          { key: "overview", label: "Overview", children: <Overview a={a} /> },
          { key: "metadata", label: "Metadata", children: <MetadataEditor appId={a.appId} /> },
          { key: "locations", label: "Locations", children: <Locations a={a} /> },
          { key: "push", label: "Push profile", children: <PushProfile appId={a.appId} /> },
          { key: "files", label: "App-user files", children: <Files appId={a.appId} /> },
          { key: "managers", label: "Managers", children: <Managers appId={a.appId} /> },
        ]}
      />
    </section>
  );
}

function useRefresh(appId: string) {
  const qc = useQueryClient();
  return (data?: AdminAppView) => {
    if (data) qc.setQueryData(["admin", "app", appId], data);
    qc.invalidateQueries({ queryKey: ["admin", "app", appId] });
    qc.invalidateQueries({ queryKey: ["admin", "metadata", appId] });
    qc.invalidateQueries({ queryKey: ["admin", "app-audit", appId] });
  };
}

function Overview({ a }: { a: AdminAppView }) {
  const refresh = useRefresh(a.appId);
  const [review, setReview] = useState(a.inReviewVersion ?? "");
  const [reviewError, setReviewError] = useState<string | null>(null);
  const release = useMutation({
    mutationFn: (fullUpdate: boolean) =>
      api<AppRelease>(`/admin/apps/${a.appId}/release`, { method: "POST", query: { fullUpdate } }),
    onSuccess: (r) => {
      notify("success", `Released version ${r.version}${r.fullUpdate ? " (full update)" : ""}`);
      refresh();
    },
  });
  const setReviewVersion = useMutation({
    mutationFn: () =>
      api<AdminAppView>(`/admin/apps/${a.appId}/review-version`, {
        method: "POST",
        query: { version: review.trim() },
        silent: true,
      }),
    onSuccess: (v) => {
      setReviewError(null);
      notify("success", `Version in review: ${v.inReviewVersion ?? "none"}`);
      refresh(v);
    },
    onError: (e: ApiFailure) => setReviewError(e.message),
  });
  const lock = useMutation({
    mutationFn: () =>
      api<Meta>(`/admin/apps/${a.appId}/metadata`, { method: "PUT", body: { brandLocked: true } }),
    onSuccess: () => {
      notify("success", "Brand locked: the app's members can no longer change its name and logo");
      refresh();
    },
  });
  const unlock = useMutation({
    mutationFn: () => api<AdminAppView>(`/admin/apps/${a.appId}/brand-unlock`, { method: "POST" }),
    onSuccess: (v) => {
      notify("success", "Brand unlocked: the app's members may change its name and logo again");
      refresh(v);
    },
  });
  const clearCache = useMutation({
    mutationFn: () => api<boolean>("/admin/apps/cache", { method: "DELETE" }),
    onSuccess: () => notify("success", "The app cache is cleared"),
  });
  const audit = useQuery({
    queryKey: ["admin", "app-audit", a.appId],
    queryFn: () => api<AuditList>("/admin/audit-log", { query: { appId: a.appId, take: 5 } }),
  });
  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <Card title="Actions">
        <Space wrap>
          <ConfirmButton
            type="primary"
            title={`Release version ${a.version} of ${a.name || a.slug} to the stores?`}
            okText="Release"
            loading={release.isPending && release.variables === false}
            onConfirm={() => release.mutate(false)}
          >
            Release
          </ConfirmButton>
          <ConfirmButton
            title={`Release version ${a.version} as a full update (every installed app downloads it again)?`}
            okText="Release with full update"
            loading={release.isPending && release.variables === true}
            onConfirm={() => release.mutate(true)}
          >
            Release with full update
          </ConfirmButton>
          {a.brandLocked ? (
            <ConfirmButton
              title="Unlock the brand? The app's members may change its name and logo again."
              okText="Unlock brand"
              loading={unlock.isPending}
              onConfirm={() => unlock.mutate()}
            >
              Unlock brand
            </ConfirmButton>
          ) : (
            <ConfirmButton
              title="Lock the brand? The app's members can no longer change its name and logo."
              okText="Lock brand"
              loading={lock.isPending}
              onConfirm={() => lock.mutate()}
            >
              Lock brand
            </ConfirmButton>
          )}
          <ConfirmButton
            danger
            title="Clear the app cache? Every app is read from the database again."
            okText="Clear cache"
            loading={clearCache.isPending}
            onConfirm={() => clearCache.mutate()}
          >
            Clear app cache
          </ConfirmButton>
        </Space>
        <Form
          layout="inline"
          style={{ marginTop: 16 }}
          onFinish={() => setReviewVersion.mutate()}
          aria-label="Version in review"
        >
          <Form.Item
            label="Version in review"
            htmlFor="review-version"
            validateStatus={reviewError ? "error" : undefined}
            help={reviewError ?? "Empty clears it"}
          >
            <Input
              id="review-version"
              value={review}
              placeholder="1.2.3"
              onChange={(e) => {
                setReview(e.target.value);
                setReviewError(null);
              }}
            />
          </Form.Item>
          <Button htmlType="submit" loading={setReviewVersion.isPending}>
            Set review version
          </Button>
        </Form>
      </Card>
      <Card title="Admin app view">
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="App id">{a.appId}</Descriptions.Item>
          <Descriptions.Item label="Slug">{a.slug}</Descriptions.Item>
          <Descriptions.Item label="Created">{formatDateTime(a.created)}</Descriptions.Item>
          <Descriptions.Item label="Version">{a.version}</Descriptions.Item>
          <Descriptions.Item label="Last release">
            {a.lastRelease
              ? `Version ${a.lastRelease.version}${a.lastRelease.fullUpdate ? " (full update)" : ""}, ${formatDateTime(a.lastRelease.created)}`
              : "Never released"}
          </Descriptions.Item>
          <Descriptions.Item label="Status">{a.status}</Descriptions.Item>
          <Descriptions.Item label="Language">{a.lang}</Descriptions.Item>
          <Descriptions.Item label="Domain type">{a.domainType}</Descriptions.Item>
          <Descriptions.Item label="Make-model type">{a.makeModelType}</Descriptions.Item>
          <Descriptions.Item label="Is master">{a.isMaster ? "Yes" : "No"}</Descriptions.Item>
          <Descriptions.Item label="Brand locked">{a.brandLocked ? "Yes" : "No"}</Descriptions.Item>
          <Descriptions.Item label="Multiapp">
            {a.multiappId ? <Link to="/admin/multiapps">{a.multiappId}</Link> : "—"}
          </Descriptions.Item>
          {textKeys.map(([k, label]) => (
            <Descriptions.Item key={k} label={label}>
              {view(a[k])}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label="Locations">{a.locations?.length ?? 0}</Descriptions.Item>
          {configKeys.map(([k, label]) => (
            <Descriptions.Item key={k} label={label} span={2}>
              <pre style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", margin: 0 }}>
                {json(a[k]) || "—"}
              </pre>
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card title="Recent admin actions" extra={<Link to={`/admin/audit?appId=${a.appId}`}>All</Link>}>
        {audit.isLoading ? <Skeleton active /> : null}
        {audit.data && audit.data.total === 0 ? (
          <Empty description="No admin has acted on this app yet." />
        ) : null}
        {audit.data?.items.length ? (
          <ul className="admin-audit-recent">
            {audit.data.items.map((e) => (
              <li key={e.id}>
                {formatDateTime(e.created)} · {e.actorEmail ?? "deleted user"} · {e.action}
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </Space>
  );
}

type FormValues = Record<string, unknown>;

function toForm(m: Meta): FormValues {
  const out: FormValues = { ...m };
  for (const [k] of configKeys) out[k] = json(m[k]);
  for (const [k] of textKeys) out[k] = m[k] ?? "";
  return out;
}

function MetadataEditor({ appId }: { appId: string }) {
  const refresh = useRefresh(appId);
  const [form] = Form.useForm<FormValues>();
  const meta = useQuery({
    queryKey: ["admin", "metadata", appId],
    queryFn: () => api<Meta>(`/admin/apps/${appId}/metadata`),
  });
  const [pending, setPending] = useState<{ patch: Record<string, unknown>; diff: DiffRow[] } | null>(null);
  const save = useMutation({
    mutationFn: (patch: Record<string, unknown>) =>
      api<Meta>(`/admin/apps/${appId}/metadata`, { method: "PUT", body: patch, silent: true }),
    onSuccess: (m) => {
      setPending(null);
      form.setFieldsValue(toForm(m));
      notify("success", "Metadata saved");
      refresh();
    },
    onError: (e: ApiFailure) => {
      setPending(null);
      const fields = fieldErrorsOf(e, allFields);
      if (fields.length) form.setFields(fields);
      else notify("danger", e.message);
    },
  });
  if (meta.isLoading) return <Skeleton active />;
  if (meta.error) return <Alert type="error" showIcon title={(meta.error as Error).message} />;
  const stored = meta.data!;
  const review = (values: FormValues) => {
    const { patch, errors } = toPatch(stored, values);
    if (errors.length) {
      form.setFields(errors.map(([name, message]) => ({ name, errors: [message] })));
      return;
    }
    const diff = metadataDiff(stored as unknown as Record<string, unknown>, patch);
    if (!diff.length) {
      notify("warning", "Nothing changed");
      return;
    }
    setPending({ patch, diff });
  };
  return (
    <Card
      title="Metadata"
      extra={<span>Read from the server, saved merged: fields you leave alone are kept</span>}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={toForm(stored)}
        onFinish={review}
        onValuesChange={(changed) =>
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
        }
      >
        <div className="admin-form-grid">
          {textKeys.map(([k, label]) => (
            <Form.Item key={k} name={k} label={label}>
              <Input />
            </Form.Item>
          ))}
          {selectKeys.map(([k, label, options]) => (
            <Form.Item key={k} name={k} label={label}>
              <Select options={options.map((o) => ({ value: o, label: o }))} />
            </Form.Item>
          ))}
          <Form.Item name="brandLocked" label="Brand locked" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="isMaster" label="Master app" valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
        {configKeys.map(([k, label]) => (
          <Form.Item key={k} name={k} label={`${label} (JSON)`}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} className="admin-json" />
          </Form.Item>
        ))}
        <Space>
          <Button type="primary" htmlType="submit">
            Review changes
          </Button>
          <Button onClick={() => form.setFieldsValue(toForm(stored))}>Reset</Button>
        </Space>
      </Form>
      <Modal
        open={pending !== null}
        title="Save these metadata changes?"
        okText="Save"
        confirmLoading={save.isPending}
        onOk={() => pending && save.mutate(pending.patch)}
        onCancel={() => setPending(null)}
      >
        <Table<DiffRow>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={pending?.diff ?? []}
          aria-label="Changes"
          columns={[
            { title: "Field", dataIndex: "key" },
            { title: "Before", dataIndex: "before", render: (v) => <del>{v}</del> },
            { title: "After", dataIndex: "after", render: (v) => <ins>{v}</ins> },
          ]}
        />
      </Modal>
    </Card>
  );
}

interface LocationRow {
  id: string;
  integrationId?: string;
  name?: string;
}

function Locations({ a }: { a: AdminAppView }) {
  const refresh = useRefresh(a.appId);
  const [form] = Form.useForm<{ locations: LocationRow[] }>();
  const save = useMutation({
    mutationFn: (locations: LocationRow[]) =>
      api<AdminAppView>(`/admin/apps/${a.appId}/locations`, {
        method: "POST",
        body: locations.map((l) => ({
          id: l.id.trim(),
          ...(l.integrationId?.trim() ? { integrationId: l.integrationId.trim() } : {}),
          ...(l.name?.trim() ? { name: l.name.trim() } : {}),
        })),
        silent: true,
      }),
    onSuccess: (v) => {
      notify("success", "Locations saved");
      refresh(v);
    },
    onError: (e: ApiFailure) => {
      const details = Array.isArray(e.details) ? (e.details as { path: string; message: string }[]) : [];
      const fields = details
        .map((d) => d.path.split("/").filter(Boolean))
        .map((p, i) => ({ p, m: details[i].message }))
        .filter(({ p }) => p.length >= 2)
        .map(({ p, m }) => ({ name: ["locations", Number(p[0]), p[1]], errors: [m] }));
      if (fields.length) form.setFields(fields as never);
      else notify("danger", e.message);
    },
  });
  return (
    <Card title="Locations">
      <Form
        form={form}
        initialValues={{ locations: (a.locations ?? []) as LocationRow[] }}
        onFinish={(v) => save.mutate(v.locations ?? [])}
      >
        <Form.List name="locations">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 ? (
                <Empty description="No locations: add the app's stores with their integration ids." />
              ) : null}
              {fields.map((f) => (
                <Space key={f.key} align="start" wrap>
                  <Form.Item
                    name={[f.name, "id"]}
                    label="Id"
                    rules={[{ required: true, whitespace: true, message: "A location needs an id" }]}
                  >
                    <Input />
                  </Form.Item>
                  <Form.Item name={[f.name, "name"]} label="Name">
                    <Input />
                  </Form.Item>
                  <Form.Item name={[f.name, "integrationId"]} label="Integration id">
                    <Input />
                  </Form.Item>
                  <Button onClick={() => remove(f.name)} aria-label={`Remove location ${f.name + 1}`}>
                    Remove
                  </Button>
                </Space>
              ))}
              <Space style={{ display: "flex" }}>
                <Button onClick={() => add({ id: "" })}>Add location</Button>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  Save locations
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}

type Platform = "ios" | "android" | "web";
const platformFields: Record<Platform, [string, string, boolean][]> = {
  ios: [
    ["bundleId", "Bundle id", false],
    ["teamId", "Team id", false],
    ["keyId", "Key id", false],
    ["key", "Key (.p8)", true],
  ],
  android: [
    ["projectId", "Project id", false],
    ["clientEmail", "Client e-mail", false],
    ["privateKey", "Private key", true],
  ],
  web: [
    ["publicKey", "VAPID public key", false],
    ["privateKey", "VAPID private key", true],
    ["subject", "Subject (mailto: or https:)", false],
  ],
};
const platformNames: Record<Platform, string> = { ios: "iOS", android: "Android", web: "Web" };

function PushProfile({ appId }: { appId: string }) {
  const qc = useQueryClient();
  const [platform, setPlatform] = useState<Platform>("ios");
  const [form] = Form.useForm<Record<string, string | boolean>>();
  const profile = useQuery({
    queryKey: ["admin", "push-profile", appId],
    queryFn: () =>
      api<PushProfileView>(`/admin/apps/${appId}/push-profile`, { silent: true }).catch((e: ApiFailure) => {
        if (e.status === 404) return null;
        throw e;
      }),
  });
  const done = (data: PushProfileView | null) => {
    qc.setQueryData(["admin", "push-profile", appId], data);
    qc.invalidateQueries({ queryKey: ["admin", "app-audit", appId] });
  };
  const set = useMutation({
    mutationFn: (values: Record<string, string | boolean>) => {
      const body: Record<string, unknown> = {};
      for (const [k] of platformFields[platform]) body[k] = String(values[k] ?? "").trim();
      if (platform === "ios") body.production = values.production !== false;
      return api<PushProfileView>(`/admin/apps/${appId}/push-profile`, {
        method: "POST",
        body: { [platform]: body },
        silent: true,
      });
    },
    onSuccess: (data) => {
      form.resetFields();
      notify("success", `${platformNames[platform]} push credentials saved`);
      done(data);
    },
    onError: (e: ApiFailure) => {
      const fields = fieldErrorsOf(
        {
          ...e,
          details: Array.isArray(e.details)
            ? e.details.map((d: { path: string; message: string }) => ({
                ...d,
                path: d.path.replace(`/${platform}`, ""),
              }))
            : e.details,
        },
        platformFields[platform].map((f) => f[0]),
      );
      if (fields.length) form.setFields(fields);
      else notify("danger", e.message);
    },
  });
  const remove = useMutation({
    mutationFn: () => api<boolean>(`/admin/apps/${appId}/push-profile`, { method: "DELETE" }),
    onSuccess: () => {
      notify("success", "Push profile deleted");
      done(null);
    },
  });
  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <Card
        title="Push profile"
        extra={
          profile.data ? (
            <ConfirmButton
              danger
              title="Delete the push profile? The app can no longer send pushes until it is set again."
              okText="Delete"
              loading={remove.isPending}
              onConfirm={() => remove.mutate()}
            >
              Delete push profile
            </ConfirmButton>
          ) : null
        }
      >
        {profile.isLoading ? <Skeleton active /> : null}
        {profile.error ? <Alert type="error" showIcon title={(profile.error as Error).message} /> : null}
        {profile.data === null ? (
          <Empty description="No push profile: set the credentials of a platform below." />
        ) : null}
        {profile.data ? (
          <Descriptions bordered size="small" column={1}>
            {(["ios", "android", "web"] as const).map((p) => {
              const v = profile.data?.[p] as Record<string, unknown> | undefined;
              return (
                <Descriptions.Item key={p} label={platformNames[p]}>
                  {v
                    ? Object.entries(v)
                        .filter(([k]) => k !== "hasKey")
                        .map(([k, x]) => `${k}: ${String(x)}`)
                        .concat(v.hasKey ? "secret: set (never shown)" : "secret: missing")
                        .join(" · ")
                    : "Not set"}
                </Descriptions.Item>
              );
            })}
          </Descriptions>
        ) : null}
      </Card>
      <Card title="Set credentials">
        <Select
          aria-label="Platform"
          value={platform}
          onChange={(p) => {
            setPlatform(p);
            form.resetFields();
          }}
          options={(["ios", "android", "web"] as const).map((p) => ({ value: p, label: platformNames[p] }))}
          style={{ width: 200, marginBottom: 16 }}
        />
        <Form form={form} layout="vertical" onFinish={(v) => set.mutate(v)} key={platform}>
          {platformFields[platform].map(([k, label, secret]) => (
            <Form.Item
              key={k}
              name={k}
              label={label}
              rules={[{ required: true, whitespace: true, message: `${label} is required` }]}
            >
              {secret ? (
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} autoComplete="off" />
              ) : (
                <Input />
              )}
            </Form.Item>
          ))}
          {platform === "ios" ? (
            <Form.Item name="production" label="Production (APNs)" valuePropName="checked" initialValue>
              <Switch />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" loading={set.isPending}>
            Save {platformNames[platform]} credentials
          </Button>
        </Form>
      </Card>
    </Space>
  );
}

function Files({ appId }: { appId: string }) {
  const qc = useQueryClient();
  const files = useQuery({
    queryKey: ["admin", "files", appId],
    queryFn: () => api<AppUserFile[]>("/admin/apps/app-users/files", { query: { appId } }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<boolean>(`/admin/apps/app-users/files/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      notify("success", "File deleted");
      qc.invalidateQueries({ queryKey: ["admin", "files", appId] });
    },
  });
  return (
    <Card title="App-user files" extra={<Loot appId={appId} />}>
      {files.isLoading ? <Skeleton active /> : null}
      {files.data && files.data.length === 0 ? (
        <Empty description="No files: files the app's users send (vehicle lists, documents) appear here." />
      ) : null}
      {files.data?.length ? (
        <Table<AppUserFile>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={files.data}
          columns={[
            { title: "Name", dataIndex: "name" },
            { title: "Size", key: "bytes", render: (_, f) => `${(f.bytes / 1024).toFixed(1)} KB` },
            { title: "Received", key: "created", render: (_, f) => formatDateTime(f.created) },
            { title: "URL", dataIndex: "url", render: (u: string) => <code>{u}</code> },
            {
              title: "Actions",
              key: "actions",
              render: (_, f) => (
                <Space>
                  <Button onClick={async () => openBlob(await fetchWithToken(f.url.replace(/^\/api/, "")))}>
                    Open {f.name}
                  </Button>
                  <ConfirmButton
                    danger
                    title={`Delete ${f.name}? It cannot be restored.`}
                    okText="Delete"
                    onConfirm={() => remove.mutate(f.id)}
                  >
                    Delete {f.name}
                  </ConfirmButton>
                </Space>
              ),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}

/**
 * Loot (README "Task board and loot"): gathers the app into a JSON bundle as a task, then follows the task
 * on the task board until it is done and refreshes the file list, where the bundle appears.
 */
function Loot({ appId }: { appId: string }) {
  const qc = useQueryClient();
  const [task, setTask] = useState<TaskRecord | null>(null);
  const follow = async (t: TaskRecord) => {
    let current = t;
    setTask(current);
    while (current.status === "queued" || current.status === "running") {
      await new Promise((r) => setTimeout(r, 1000));
      current = await api<TaskRecord>(`/public/apps/${appId}/tasks/${current.id}`, {
        query: { taskType: "loot" },
      });
      setTask(current);
    }
    qc.invalidateQueries({ queryKey: ["admin", "files", appId] });
    qc.invalidateQueries({ queryKey: ["admin", "app-audit", appId] });
    if (current.status === "done") notify("success", current.message ?? "The app bundle is ready");
    else notify("danger", current.message ?? "The app bundle could not be made");
  };
  const loot = useMutation({
    mutationFn: () => api<TaskRecord>(`/utils/apps/${appId}/loot`, { method: "POST" }),
    onSuccess: (t) => follow(t),
  });
  return (
    <Space>
      {task ? (
        <span aria-live="polite">
          Bundle: {task.status} ({task.processed}/{task.total})
        </span>
      ) : null}
      <Button onClick={() => loot.mutate()} loading={loot.isPending}>
        Collect app bundle
      </Button>
    </Space>
  );
}

function Managers({ appId }: { appId: string }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const managers = useQuery({
    queryKey: ["admin", "managers", appId],
    queryFn: () => api<Manager[]>(`/admin/apps/${appId}/managers`),
  });
  return (
    <Card title="Managers">
      {managers.isLoading ? <Skeleton active /> : null}
      {managers.data && managers.data.length === 0 ? (
        <Empty description="Nobody has a role on this app." />
      ) : null}
      {managers.data?.length ? (
        <Table<Manager>
          rowKey={(m) => `${m.id}-${m.role}`}
          size="small"
          pagination={false}
          dataSource={managers.data}
          columns={[
            {
              title: "E-mail",
              key: "email",
              render: (_, m) => <Link to={`/admin/accounts/${m.id}`}>{m.email}</Link>,
            },
            { title: "Name", dataIndex: "name" },
            { title: "Role", dataIndex: "role" },
            {
              title: "Actions",
              key: "actions",
              render: (_, m) =>
                m.status !== "Active" ? (
                  "Invited"
                ) : (
                  <ConfirmButton
                    title={`Sign in as ${m.email}? 'Back to admin' brings you back here.`}
                    okText="Sign in as"
                    onConfirm={() =>
                      navigate(`/sign-in-as/${m.id}?return=${encodeURIComponent(pathname + search)}`)
                    }
                  >
                    Sign in as {m.email}
                  </ConfirmButton>
                ),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
