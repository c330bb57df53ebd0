import type { Static } from "@sinclair/typebox";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Empty, Skeleton, Space, Table, Tag, Typography } from "antd";
import { Link } from "react-router";
import type { AdminFeaturePackage } from "../../../schemas/feature-packages.ts";
import { api } from "../api.ts";

type Row = Static<typeof AdminFeaturePackage>;

/**
 * Partner modules (issue 20): every package FEATURE_PACKAGES names, with its version and feature type and
 * the apps whose definition uses that type, or the reason the server did not load it.
 */
export function FeaturePackagesPage() {
  const list = useQuery({
    queryKey: ["admin", "feature-packages"],
    queryFn: () => api<Row[]>("/admin/feature-packages"),
  });
  return (
    <section aria-labelledby="admin-packages-title">
      <Typography.Title level={1} id="admin-packages-title" style={{ fontSize: 22 }}>
        Partner modules
      </Typography.Title>
      <Card>
        {list.isLoading ? <Skeleton active /> : null}
        {list.error ? <Alert type="error" showIcon title={(list.error as Error).message} /> : null}
        {list.data && !list.data.length ? (
          <Empty description="No partner module is configured: FEATURE_PACKAGES names them (see README.md, Configuration)." />
        ) : null}
        {list.data?.length ? (
          <Table<Row>
            rowKey="package"
            size="small"
            pagination={false}
            dataSource={list.data}
            columns={[
              { title: "Package", dataIndex: "package" },
              { title: "Version", dataIndex: "version", render: (v?: string) => v ?? "—" },
              {
                title: "Feature type",
                render: (_: unknown, p: Row) => (p.type ? `${p.label} (${p.type})` : "—"),
              },
              {
                title: "Status",
                render: (_: unknown, p: Row) =>
                  p.status === "loaded" ? (
                    <Tag color="green">Loaded</Tag>
                  ) : (
                    <Space direction="vertical" size={2}>
                      <Tag color="red">Not loaded</Tag>
                      <Typography.Text type="secondary">{p.error}</Typography.Text>
                    </Space>
                  ),
              },
              {
                title: "Apps using it",
                render: (_: unknown, p: Row) =>
                  p.apps.length ? (
                    <Space wrap size={4}>
                      {p.apps.map((a) => (
                        <Link key={a.appId} to={`/admin/apps/${a.appId}`}>
                          {a.name || a.appId}
                        </Link>
                      ))}
                    </Space>
                  ) : (
                    "None"
                  ),
              },
            ]}
          />
        ) : null}
      </Card>
    </section>
  );
}
