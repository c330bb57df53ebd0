import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Empty, Input, Skeleton, Space, Switch, Table, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { AdminAppList, AdminAppListItem } from "../../../schemas/index.ts";
import { api } from "../api.ts";
import { useDebounced } from "../customers/useDebounced.ts";
import { formatDateTime } from "../offers/logic.ts";
import { ADMIN_PAGE_SIZE } from "./logic.ts";
import { Pager } from "./ui.tsx";

/** The admin app list (spec §2, §7 GET /admin/apps): name search, master apps on demand, 20 a page. */
export function AppsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const includeMaster = params.get("master") === "1";
  const [name, setName] = useState(params.get("name") ?? "");
  const debounced = useDebounced(name.trim(), 300);
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
  const query = params.get("name") ?? "";
  const list = useQuery({
    queryKey: ["admin", "apps", query, includeMaster, page],
    queryFn: () =>
      api<AdminAppList>("/admin/apps", {
        query: {
          name: query || undefined,
          includeMaster,
          skip: (page - 1) * ADMIN_PAGE_SIZE,
          take: ADMIN_PAGE_SIZE,
        },
      }),
    placeholderData: (prev) => prev,
  });
  const setPage = (p: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set("page", String(p));
      return next;
    });
  return (
    <section aria-labelledby="admin-apps-title">
      <Typography.Title level={1} id="admin-apps-title" style={{ fontSize: 22 }}>
        Apps
      </Typography.Title>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label="Search apps by name"
            placeholder="Search by name or slug"
            allowClear
            value={name}
            onChange={(e) => setName(e.target.value)}
            style={{ width: 320 }}
          />
          <Space>
            <Switch
              id="include-master"
              checked={includeMaster}
              onChange={(on) =>
                setParams((prev) => {
                  const next = new URLSearchParams(prev);
                  if (on) next.set("master", "1");
                  else next.delete("master");
                  next.delete("page");
                  return next;
                })
              }
            />
            <label htmlFor="include-master">Include master apps</label>
          </Space>
        </Space>
        {list.isLoading ? <Skeleton active /> : null}
        {list.error ? <Alert type="error" showIcon title={(list.error as Error).message} /> : null}
        {list.data && list.data.total === 0 ? (
          <Empty
            description={
              query
                ? `No app's name or slug contains "${query}".${includeMaster ? "" : " Master apps are hidden: include them to search those too."}`
                : "No apps yet: apps appear here as soon as a user creates one."
            }
          />
        ) : null}
        {list.data?.total ? (
          <>
            <Typography.Paragraph type="secondary">
              {list.data.total} {list.data.total === 1 ? "app" : "apps"} · page {page} of{" "}
              {Math.max(1, Math.ceil(list.data.total / ADMIN_PAGE_SIZE))}
            </Typography.Paragraph>
            <Table<AdminAppListItem>
              rowKey="appId"
              size="middle"
              pagination={false}
              dataSource={list.data.items}
              columns={[
                {
                  title: "Name",
                  key: "name",
                  render: (_, a) => <Link to={`/admin/apps/${a.appId}`}>{a.name || a.slug}</Link>,
                },
                { title: "Slug", dataIndex: "slug" },
                {
                  title: "Status",
                  key: "status",
                  render: (_, a) => (
                    <Space size={4}>
                      <Tag>{a.status}</Tag>
                      {a.isMaster ? <Tag>Master</Tag> : null}
                    </Space>
                  ),
                },
                { title: "Domain type", dataIndex: "domainType" },
                { title: "Make-model type", dataIndex: "makeModelType" },
                { title: "Version", dataIndex: "version" },
                { title: "Owner", key: "owner", render: (_, a) => a.owner ?? "No owner" },
                { title: "Created", key: "created", render: (_, a) => formatDateTime(a.created) },
              ]}
            />
            <div style={{ marginTop: 16 }}>
              <Pager
                label="App list pages"
                page={page}
                total={list.data.total}
                pageSize={ADMIN_PAGE_SIZE}
                onChange={setPage}
              />
            </div>
          </>
        ) : null}
      </Card>
    </section>
  );
}
