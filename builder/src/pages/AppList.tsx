import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Empty, List, Skeleton, Space, Typography } from "antd";
import { Link } from "react-router";
import { embedSnippet } from "../../../core/index.ts";
import type { App } from "../../../schemas/index.ts";
import { api } from "../api.ts";
import { copyText } from "../clipboard.ts";
import { useSession } from "../session/SessionProvider.tsx";

/** The apps the signed-in user may open. */
export function AppList() {
  const apps = useQuery({ queryKey: ["apps"], queryFn: () => api<App[]>("/apps") });
  const { me } = useSession();
  return (
    <Card
      title={
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          Your apps
        </Typography.Title>
      }
      extra={
        <Space>
          {me?.type === "Admin" || me?.type === "Accountant" ? (
            <Link to="/admin">
              <Button>Admin</Button>
            </Link>
          ) : null}
          <Link to="/apps/new/brand">
            <Button type="primary">Create app</Button>
          </Link>
        </Space>
      }
    >
      {apps.isLoading ? <Skeleton active /> : null}
      {apps.error ? <Alert type="error" title={(apps.error as Error).message} showIcon /> : null}
      {apps.data && apps.data.length === 0 ? (
        <Empty description="No apps yet">
          <Link to="/apps/new/brand">
            <Button type="primary">Create your first app</Button>
          </Link>
        </Empty>
      ) : null}
      {apps.data?.length ? (
        <List
          dataSource={apps.data}
          renderItem={(a) => (
            <List.Item
              actions={[
                <Link key="brand" to={`/apps/${a.appId}/brand`}>
                  Edit
                </Link>,
                <a key="promo" href={`/promo/${a.appId}`} target="_blank" rel="noreferrer">
                  Promo page
                </a>,
                <a key="demo" href={`/demo/${a.appId}`} target="_blank" rel="noreferrer">
                  Widget demo
                </a>,
                <Button
                  key="embed"
                  type="link"
                  onClick={() => copyText(embedSnippet(window.location.origin, a.appId))}
                >
                  Copy embed code
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={
                  a.definition.logo ? <img src={a.definition.logo} alt="" width={40} height={40} /> : null
                }
                title={<Link to={`/apps/${a.appId}/brand`}>{a.definition.name}</Link>}
                description={`${a.slug} · ${a.role ?? "Admin"}`}
              />
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}
