import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
} from "antd";
import { useState } from "react";
import { Link } from "react-router";
import type { AdminAppList, Multiapp, MultiappInput } from "../../../schemas/index.ts";
import { fieldErrorsOf } from "../account/logic.ts";
import { type ApiFailure, api, notify } from "../api.ts";
import { useDebounced } from "../customers/useDebounced.ts";
import { formatDateTime } from "../offers/logic.ts";
import { ConfirmButton } from "./ui.tsx";

/** Apps to pick from, searched by name (master apps included: a group may hold any app). */
function useAppOptions(search: string) {
  const debounced = useDebounced(search.trim(), 250);
  return useQuery({
    queryKey: ["admin", "app-options", debounced],
    queryFn: () =>
      api<AdminAppList>("/admin/apps", {
        query: { name: debounced || undefined, includeMaster: true, take: 50 },
      }),
    placeholderData: (prev) => prev,
  });
}

/** Multi-app groups (spec §3 multiapp, §7 CRUD at /admin/multiapps): the apps and the downloads app. */
export function MultiappsPage() {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ["admin", "multiapps"],
    queryFn: () => api<Multiapp[]>("/admin/multiapps"),
  });
  const allApps = useQuery({
    queryKey: ["admin", "app-names"],
    queryFn: () => api<AdminAppList>("/admin/apps", { query: { includeMaster: true, take: 100 } }),
  });
  const nameOf = (id: string) => allApps.data?.items.find((a) => a.appId === id)?.name ?? id;
  const [editing, setEditing] = useState<Multiapp | "new" | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => api<boolean>(`/admin/multiapps/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      notify("success", "Group deleted");
      qc.invalidateQueries({ queryKey: ["admin", "multiapps"] });
    },
  });
  return (
    <section aria-labelledby="admin-multiapps-title">
      <Typography.Title level={1} id="admin-multiapps-title" style={{ fontSize: 22 }}>
        Multiapps
      </Typography.Title>
      <Card
        extra={
          <Button type="primary" onClick={() => setEditing("new")}>
            New group
          </Button>
        }
      >
        {list.isLoading ? <Skeleton active /> : null}
        {list.error ? <Alert type="error" showIcon title={(list.error as Error).message} /> : null}
        {list.data && list.data.length === 0 ? (
          <Empty description="No multi-app groups: a group puts several apps under one downloads app." />
        ) : null}
        {list.data?.length ? (
          <Table<Multiapp>
            rowKey="id"
            pagination={false}
            dataSource={list.data}
            columns={[
              { title: "Name", dataIndex: "name" },
              {
                title: "Apps",
                key: "apps",
                render: (_, m) =>
                  m.appIds.length ? (
                    <Space wrap size={4}>
                      {m.appIds.map((id) => (
                        <Link key={id} to={`/admin/apps/${id}`}>
                          {nameOf(id)}
                        </Link>
                      ))}
                    </Space>
                  ) : (
                    "No apps"
                  ),
              },
              {
                title: "Downloads app",
                key: "downloads",
                render: (_, m) => (m.downloadsAppId ? nameOf(m.downloadsAppId) : "—"),
              },
              { title: "Created", key: "created", render: (_, m) => formatDateTime(m.created) },
              {
                title: "Actions",
                key: "actions",
                render: (_, m) => (
                  <Space>
                    <Button onClick={() => setEditing(m)}>Edit {m.name}</Button>
                    <ConfirmButton
                      danger
                      title={`Delete the group ${m.name}? Its apps stay; they leave the group.`}
                      okText="Delete"
                      onConfirm={() => remove.mutate(m.id)}
                    >
                      Delete {m.name}
                    </ConfirmButton>
                  </Space>
                ),
              },
            ]}
          />
        ) : null}
      </Card>
      {editing ? (
        <MultiappModal
          group={editing === "new" ? null : editing}
          nameOf={nameOf}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function MultiappModal({
  group,
  nameOf,
  onClose,
}: {
  group: Multiapp | null;
  nameOf: (id: string) => string;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [form] = Form.useForm<MultiappInput>();
  const [search, setSearch] = useState("");
  const options = useAppOptions(search);
  const chosen = Form.useWatch("appIds", form) ?? [];
  const known = new Map<string, string>();
  // The chosen apps keep their names while the search shows others.
  for (const id of chosen as string[]) known.set(id, nameOf(id));
  for (const a of options.data?.items ?? []) known.set(a.appId, a.name || a.slug);
  const save = useMutation({
    mutationFn: (v: MultiappInput) =>
      api<Multiapp>(group ? `/admin/multiapps/${group.id}` : "/admin/multiapps", {
        method: group ? "PUT" : "POST",
        body: { name: v.name, appIds: v.appIds ?? [], downloadsAppId: v.downloadsAppId ?? null },
        silent: true,
      }),
    onSuccess: () => {
      notify("success", group ? "Group saved" : "Group created");
      qc.invalidateQueries({ queryKey: ["admin", "multiapps"] });
      onClose();
    },
    onError: (e: ApiFailure) => {
      const fields = fieldErrorsOf(e, ["name", "appIds", "downloadsAppId"] as const, {
        InvalidValue: "appIds",
      });
      if (fields.length) form.setFields(fields);
      else notify("danger", e.message);
    },
  });
  return (
    <Modal
      open
      title={group ? `Edit ${group.name}` : "New group"}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={group ?? { name: "", appIds: [], downloadsAppId: null }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: "value can't be empty" }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="appIds" label="Apps">
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={options.isFetching}
            options={[...known].map(([value, label]) => ({ value, label }))}
            notFoundContent={options.isFetching ? "Searching…" : "No app by that name"}
          />
        </Form.Item>
        <Form.Item name="downloadsAppId" label="Downloads app" help="One of the group's apps">
          <Select
            allowClear
            options={chosen.map((id: string) => ({ value: id, label: known.get(id) ?? id }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
