import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Button, Empty, Form, Input, Result, Select, Skeleton, Space, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useParams } from "react-router";
import { ApiFailure, api, notify, toFailure, tokenStore } from "../api.ts";
import { counted } from "../counted.ts";
import { formatDateTime } from "../offers/logic.ts";
import {
  fileNameFrom,
  listQuery,
  PAGE_SIZE,
  type PushSubscriptionRow,
  type SubscriptionFilters,
  type SubscriptionsPage,
  subscriberLabel,
} from "./logic.ts";

/** /apps/{appId}/push-subscriptions: who receives this app's pushes, a page of 50 at a time, and a CSV. */
export function SubscribersPage() {
  const { appId = "new" } = useParams();
  return (
    <div className="subscribers-page">
      <Typography.Title level={1} className="page-title">
        Subscribers
      </Typography.Title>
      {appId === "new" ? (
        <Result title="Save the app first" subTitle="Subscribers belong to a saved app." />
      ) : (
        <SubscribersTable key={appId} appId={appId} />
      )}
    </div>
  );
}

/** The server's CSV, fetched with the caller's token and saved as a file. */
async function downloadCsv(appId: string, filters: SubscriptionFilters) {
  const query = new URLSearchParams();
  if (filters.platform) query.set("platform", filters.platform);
  if (filters.userId?.trim()) query.set("userId", filters.userId.trim());
  const token = tokenStore.get();
  const res = await fetch(`/api/apps/${appId}/push-subscriptions/csv${query.size ? `?${query}` : ""}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    let message = `There was an error while performing request. Try again later`;
    try {
      message = (await res.json())?.error?.message ?? message;
    } catch {
      // not JSON: keep the generic text
    }
    throw new ApiFailure(message, res.status);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileNameFrom(res.headers.get("content-disposition"), "push-subscriptions.csv");
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function SubscribersTable({ appId }: { appId: string }) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<SubscriptionFilters>({});
  const [userIdText, setUserIdText] = useState("");
  const [exporting, setExporting] = useState(false);
  const rows = useQuery({
    queryKey: ["push-subscriptions", appId, page, filters],
    queryFn: () =>
      api<SubscriptionsPage>(`/apps/${appId}/push-subscriptions`, {
        query: listQuery(page, filters),
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
  const filter = (next: SubscriptionFilters) => {
    setFilters(next);
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(appId, filters);
    } catch (e) {
      notify("danger", (e instanceof ApiFailure ? e : toFailure(e)).message);
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<PushSubscriptionRow> = [
    {
      key: "user",
      title: "User",
      render: (_v, r) => (
        <Space orientation="vertical" size={0}>
          <span className="subscriber-name">{subscriberLabel(r)}</span>
          <Typography.Text type="secondary" className="subscriber-id">
            {r.userId}
          </Typography.Text>
        </Space>
      ),
    },
    { key: "platform", title: "Platform", dataIndex: "platform" },
    { key: "createdAt", title: "Created", render: (_v, r) => formatDateTime(r.createdAt) },
    { key: "updatedAt", title: "Updated", render: (_v, r) => formatDateTime(r.updatedAt) },
  ];

  const total = rows.data?.total ?? 0;
  let body: React.ReactNode;
  if (rows.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (rows.error)
    body = (
      <Alert
        type="error"
        showIcon
        title={(rows.error as Error).message}
        action={
          <Button size="small" onClick={() => rows.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (!total && !filters.platform && !filters.userId)
    body = (
      <Empty
        description={
          <Space orientation="vertical" size={4}>
            <strong>No subscribers yet</strong>
            <span>
              A visitor becomes a subscriber when they allow notifications in your app. Pushes and geofence
              messages reach the subscribers listed here.
            </span>
          </Space>
        }
      />
    );
  else
    body = (
      <Table<PushSubscriptionRow>
        className="subscribers-table"
        aria-label="Subscribers"
        rowKey="id"
        columns={columns}
        dataSource={rows.data?.items ?? []}
        loading={rows.isFetching && !rows.isLoading}
        locale={{ emptyText: "No subscribers match these filters" }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          showTotal: (n) => counted(n, "subscriber", "subscribers"),
          onChange: setPage,
        }}
      />
    );

  return (
    <section aria-label="Subscribers list">
      <Form layout="inline" component="div" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label={<label htmlFor="subscribers-platform">Platform</label>}>
          <Select
            id="subscribers-platform"
            style={{ width: 160 }}
            value={filters.platform ?? ""}
            onChange={(platform: string) => filter({ ...filters, platform: platform || undefined })}
            options={[
              { value: "", label: "All platforms" },
              { value: "Web", label: "Web" },
            ]}
          />
        </Form.Item>
        <Form.Item label={<label htmlFor="subscribers-user">User id</label>}>
          <Input.Search
            id="subscribers-user"
            allowClear
            value={userIdText}
            onChange={(e) => {
              setUserIdText(e.target.value);
              if (!e.target.value) filter({ ...filters, userId: undefined });
            }}
            onSearch={(v) => filter({ ...filters, userId: v.trim() || undefined })}
            style={{ width: 320 }}
          />
        </Form.Item>
        <Form.Item>
          <Button onClick={exportCsv} loading={exporting} disabled={!total}>
            Export CSV
          </Button>
        </Form.Item>
      </Form>
      {body}
    </section>
  );
}
