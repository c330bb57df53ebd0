import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Empty, Input, Select, Skeleton, Space, Table, Typography } from "antd";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { AdminAccountList, AdminAppList, AuditEntry, AuditList } from "../../../schemas/index.ts";
import { api } from "../api.ts";
import { useDebounced } from "../customers/useDebounced.ts";
import { formatDateTime } from "../offers/logic.ts";
import { ADMIN_PAGE_SIZE } from "./logic.ts";
import { Pager } from "./ui.tsx";

const json = (v: unknown) => (v == null ? "—" : JSON.stringify(v, null, 2));

/** The audit log (issue 18): every admin action, who, what, when, before and after; by app and by admin. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const appId = params.get("appId") ?? "";
  const actorId = params.get("actorId") ?? "";
  const action = params.get("action") ?? "";
  const [appSearch, setAppSearch] = useState("");
  const appQuery = useDebounced(appSearch.trim(), 250);
  const apps = useQuery({
    queryKey: ["admin", "app-options", appQuery],
    queryFn: () =>
      api<AdminAppList>("/admin/apps", {
        query: { name: appQuery || undefined, includeMaster: true, take: 50 },
      }),
    placeholderData: (prev) => prev,
  });
  const admins = useQuery({
    queryKey: ["admin", "admins"],
    queryFn: () => api<AdminAccountList>("/admin/accounts", { query: { type: "Admin", take: 100 } }),
  });
  const list = useQuery({
    queryKey: ["admin", "audit", appId, actorId, action, page],
    queryFn: () =>
      api<AuditList>("/admin/audit-log", {
        query: {
          appId: appId || undefined,
          actorId: actorId || undefined,
          action: action || undefined,
          skip: (page - 1) * ADMIN_PAGE_SIZE,
          take: ADMIN_PAGE_SIZE,
        },
      }),
    placeholderData: (prev) => prev,
  });
  const update = (key: string, value: string | null | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== "page") next.delete("page");
      return next;
    });
  const appOptions = (apps.data?.items ?? []).map((a) => ({ value: a.appId, label: a.name || a.slug }));
  if (appId && !appOptions.some((o) => o.value === appId))
    appOptions.unshift({
      value: appId,
      label: list.data?.items.find((e) => e.appId === appId)?.appName ?? appId,
    });
  return (
    <section aria-labelledby="admin-audit-title">
      <Typography.Title level={1} id="admin-audit-title" style={{ fontSize: 22 }}>
        Audit log
      </Typography.Title>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label="Filter by app"
            placeholder="Every app"
            allowClear
            value={appId || undefined}
            onChange={(v) => update("appId", v)}
            showSearch={{ filterOption: false, onSearch: setAppSearch }}
            options={appOptions}
            style={{ width: 260 }}
          />
          <Select
            aria-label="Filter by admin"
            placeholder="Every admin"
            allowClear
            value={actorId || undefined}
            onChange={(v) => update("actorId", v)}
            options={(admins.data?.items ?? []).map((u) => ({ value: u.id, label: u.email }))}
            style={{ width: 260 }}
          />
          <Input
            aria-label="Filter by action"
            placeholder="Action, like app.release"
            allowClear
            defaultValue={action}
            onPressEnter={(e) => update("action", (e.target as HTMLInputElement).value.trim())}
            onBlur={(e) => update("action", e.target.value.trim())}
            style={{ width: 220 }}
          />
        </Space>
        {list.isLoading ? <Skeleton active /> : null}
        {list.error ? <Alert type="error" showIcon title={(list.error as Error).message} /> : null}
        {list.data && list.data.total === 0 ? (
          <Empty
            description={
              appId || actorId || action
                ? "No admin action matches these filters."
                : "No admin action yet: releases, metadata changes, imports and sign-ins as another user appear here."
            }
          />
        ) : null}
        {list.data?.total ? (
          <>
            <Table<AuditEntry>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={list.data.items}
              expandable={{
                expandedRowRender: (e) => (
                  <div className="admin-audit-diff">
                    <div>
                      <Typography.Text strong>Before</Typography.Text>
                      <pre style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", margin: 0 }}>
                        {json(e.before)}
                      </pre>
                    </div>
                    <div>
                      <Typography.Text strong>After</Typography.Text>
                      <pre style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", margin: 0 }}>
                        {json(e.after)}
                      </pre>
                    </div>
                  </div>
                ),
              }}
              columns={[
                { title: "When", key: "when", render: (_, e) => formatDateTime(e.created) },
                { title: "Who", key: "who", render: (_, e) => e.actorEmail ?? "Deleted user" },
                { title: "What", dataIndex: "action" },
                {
                  title: "App",
                  key: "app",
                  render: (_, e) =>
                    e.appId ? <Link to={`/admin/apps/${e.appId}`}>{e.appName ?? e.appId}</Link> : "—",
                },
                { title: "Target", key: "target", render: (_, e) => e.target ?? "—" },
              ]}
            />
            <div style={{ marginTop: 16 }}>
              <Pager
                label="Audit log pages"
                page={page}
                total={list.data.total}
                pageSize={ADMIN_PAGE_SIZE}
                onChange={(p) => update("page", String(p))}
              />
            </div>
          </>
        ) : null}
      </Card>
    </section>
  );
}
