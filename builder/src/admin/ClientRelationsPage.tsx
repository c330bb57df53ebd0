import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Card, Empty, Form, Input, Modal, Skeleton, Space, Table, Typography } from "antd";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { ClientInfo, ClientRelation } from "../../../schemas/index.ts";
import { fieldErrorsOf } from "../account/logic.ts";
import { type ApiFailure, api, notify } from "../api.ts";
import { useDebounced } from "../customers/useDebounced.ts";
import { formatDateTime } from "../offers/logic.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { ADMIN_PAGE_SIZE } from "./logic.ts";
import { ConfirmButton, Pager } from "./ui.tsx";

const infoFields = [
  ["company", "Company"],
  ["contactName", "Contact name"],
  ["contactEmail", "Contact e-mail"],
  ["contactPhone", "Contact phone"],
  ["accountManager", "Account manager"],
  ["plan", "Plan"],
] as const;
const fieldNames = [...infoFields.map((f) => f[0]), "notes"] as string[];

/** Client relations (spec §7) for client managers: what is noted about each client app, and its reports. */
export function ClientRelationsPage() {
  const qc = useQueryClient();
  const { me } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [text, setText] = useState(params.get("name") ?? "");
  const debounced = useDebounced(text.trim(), 300);
  useEffect(() => {
    if (debounced === (params.get("name") ?? "")) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (debounced) next.set("name", debounced);
        else next.delete("name");
        next.delete("page");
        return next;
      },
      { replace: true },
    );
  }, [debounced, params, setParams]);
  const name = params.get("name") ?? "";
  const list = useQuery({
    queryKey: ["admin", "client-relations", name, page],
    // One more than a page tells whether a next page exists (the call answers no total).
    queryFn: () =>
      api<ClientRelation[]>("/client-relations", {
        query: { name: name || undefined, skip: (page - 1) * ADMIN_PAGE_SIZE, take: ADMIN_PAGE_SIZE + 1 },
      }),
    placeholderData: (prev) => prev,
  });
  const [editing, setEditing] = useState<ClientRelation | null>(null);
  const removeReport = useMutation({
    mutationFn: (id: string) => api<boolean>(`/client-relations/reports/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      notify("success", "Report deleted");
      qc.invalidateQueries({ queryKey: ["admin", "client-relations"] });
    },
  });
  const items = (list.data ?? []).slice(0, ADMIN_PAGE_SIZE);
  const hasNext = (list.data?.length ?? 0) > ADMIN_PAGE_SIZE;
  return (
    <section aria-labelledby="admin-clients-title">
      <Typography.Title level={1} id="admin-clients-title" style={{ fontSize: 22 }}>
        Client relations
      </Typography.Title>
      <Card>
        <Input.Search
          aria-label="Search client apps by name"
          placeholder="App name"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ width: 320, marginBottom: 16 }}
        />
        {list.isLoading ? <Skeleton active /> : null}
        {list.error ? <Alert type="error" showIcon title={(list.error as Error).message} /> : null}
        {list.data && items.length === 0 ? (
          <Empty description={name ? `No client app's name contains "${name}".` : "No client apps yet."} />
        ) : null}
        {items.length ? (
          <Table<ClientRelation>
            rowKey="appId"
            pagination={false}
            dataSource={items}
            columns={[
              {
                title: "App",
                key: "app",
                render: (_, c) =>
                  me?.type === "Admin" ? (
                    <Link to={`/admin/apps/${c.appId}`}>{c.name || c.slug}</Link>
                  ) : (
                    c.name || c.slug
                  ),
              },
              { title: "Status", dataIndex: "status" },
              {
                title: "Client",
                key: "client",
                render: (_, c) =>
                  Object.keys(c.clientInfo).length
                    ? [
                        c.clientInfo.company,
                        c.clientInfo.contactName,
                        c.clientInfo.contactEmail,
                        c.clientInfo.plan,
                      ]
                        .filter(Boolean)
                        .join(" · ") || "Notes only"
                    : "Nothing noted yet",
              },
              {
                title: "Reports",
                key: "reports",
                render: (_, c) =>
                  c.reports.length ? (
                    <ul className="admin-reports">
                      {c.reports.map((r) => (
                        <li key={r.id}>
                          {r.title} ({r.kind}, {formatDateTime(r.created)}){" "}
                          <ConfirmButton
                            danger
                            type="link"
                            title={`Delete the report ${r.title}? It cannot be restored.`}
                            okText="Delete"
                            onConfirm={() => removeReport.mutate(r.id)}
                          >
                            Delete {r.title}
                          </ConfirmButton>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    "No reports"
                  ),
              },
              {
                title: "Actions",
                key: "actions",
                render: (_, c) => (
                  <Button onClick={() => setEditing(c)}>Edit client info of {c.name || c.slug}</Button>
                ),
              },
            ]}
          />
        ) : null}
        {page > 1 || hasNext ? (
          <div style={{ marginTop: 16 }}>
            <Pager
              label="Client pages"
              page={page}
              total={hasNext ? (page + 1) * ADMIN_PAGE_SIZE : page * ADMIN_PAGE_SIZE}
              pageSize={ADMIN_PAGE_SIZE}
              onChange={(p) =>
                setParams((prev) => {
                  const next = new URLSearchParams(prev);
                  next.set("page", String(p));
                  return next;
                })
              }
            />
          </div>
        ) : null}
      </Card>
      {editing ? <ClientInfoModal client={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function ClientInfoModal({ client, onClose }: { client: ClientRelation; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<ClientInfo>();
  const save = useMutation({
    mutationFn: (v: ClientInfo) => {
      const body = Object.fromEntries(
        Object.entries(v)
          .map(([k, x]) => [k, typeof x === "string" ? x.trim() : x])
          .filter(([, x]) => x !== "" && x !== undefined),
      );
      return api<ClientInfo>(`/client-relations/client-info/${client.appId}`, {
        method: "POST",
        body,
        silent: true,
      });
    },
    onSuccess: () => {
      notify("success", "Client info saved");
      qc.invalidateQueries({ queryKey: ["admin", "client-relations"] });
      onClose();
    },
    onError: (e: ApiFailure) => {
      const fields = fieldErrorsOf(e, fieldNames);
      if (fields.length) form.setFields(fields as never);
      else notify("danger", e.message);
    },
  });
  return (
    <Modal
      open
      title={`Client info of ${client.name || client.slug}`}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={client.clientInfo} onFinish={(v) => save.mutate(v)}>
        {infoFields.map(([k, label]) => (
          <Form.Item key={k} name={k} label={label}>
            <Input />
          </Form.Item>
        ))}
        <Form.Item name="notes" label="Notes">
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
      </Form>
      <Space />
    </Modal>
  );
}
