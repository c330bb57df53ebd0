import { useMutation, useQuery } from "@tanstack/react-query";
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import type { AdminAccount, AdminAccountDetail, AdminAccountList } from "../../../schemas/index.ts";
import { fieldErrorsOf } from "../account/logic.ts";
import { type ApiFailure, api, notify } from "../api.ts";
import { useDebounced } from "../customers/useDebounced.ts";
import { formatDateTime } from "../offers/logic.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { ADMIN_PAGE_SIZE } from "./logic.ts";
import { ConfirmButton, Pager } from "./ui.tsx";

const types = ["Admin", "Accountant", "User"];

/** Users (spec §3 "User (admin side)"): search by name and e-mail, filter by type. */
export function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const type = params.get("type") ?? "";
  const [text, setText] = useState(params.get("search") ?? "");
  const debounced = useDebounced(text.trim(), 300);
  useEffect(() => {
    if (debounced === (params.get("search") ?? "")) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (debounced) next.set("search", debounced);
        else next.delete("search");
        next.delete("page");
        return next;
      },
      { replace: true },
    );
  }, [debounced, params, setParams]);
  const search = params.get("search") ?? "";
  const list = useQuery({
    queryKey: ["admin", "accounts", search, type, page],
    queryFn: () =>
      api<AdminAccountList>("/admin/accounts", {
        query: {
          search: search || undefined,
          type: type || undefined,
          skip: (page - 1) * ADMIN_PAGE_SIZE,
          take: ADMIN_PAGE_SIZE,
        },
      }),
    placeholderData: (prev) => prev,
  });
  const update = (key: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== "page") next.delete("page");
      return next;
    });
  return (
    <section aria-labelledby="admin-accounts-title">
      <Typography.Title level={1} id="admin-accounts-title" style={{ fontSize: 22 }}>
        Accounts
      </Typography.Title>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label="Search accounts by name or e-mail"
            placeholder="Name or e-mail"
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            style={{ width: 320 }}
          />
          <Select
            aria-label="User type"
            value={type}
            onChange={(v) => update("type", v || null)}
            style={{ width: 180 }}
            options={[{ value: "", label: "Every type" }, ...types.map((t) => ({ value: t, label: t }))]}
          />
        </Space>
        {list.isLoading ? <Skeleton active /> : null}
        {list.error ? <Alert type="error" showIcon title={(list.error as Error).message} /> : null}
        {list.data && list.data.total === 0 ? (
          <Empty
            description={
              search || type
                ? "No account matches: try part of the name or e-mail, or every type."
                : "No accounts yet."
            }
          />
        ) : null}
        {list.data?.total ? (
          <>
            <Table<AdminAccount>
              rowKey="id"
              size="middle"
              pagination={false}
              dataSource={list.data.items}
              columns={[
                {
                  title: "E-mail",
                  key: "email",
                  render: (_, u) => <Link to={`/admin/accounts/${u.id}`}>{u.email}</Link>,
                },
                { title: "Name", key: "name", render: (_, u) => u.name || "—" },
                { title: "Type", key: "type", render: (_, u) => <Tag>{u.type}</Tag> },
                { title: "Apps", dataIndex: "apps" },
                { title: "Confirmed", key: "c", render: (_, u) => (u.emailConfirmed ? "Yes" : "No") },
                { title: "Created", key: "created", render: (_, u) => formatDateTime(u.created) },
              ]}
            />
            <div style={{ marginTop: 16 }}>
              <Pager
                label="Account list pages"
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

/** One user: details, their apps, set password and Sign in as (spec §4 impersonation, §7). */
export function AccountPage() {
  const { userId = "" } = useParams();
  const { me } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [form] = Form.useForm<{ password: string }>();
  const { modal } = AntApp.useApp();
  const account = useQuery({
    queryKey: ["admin", "account", userId],
    queryFn: () => api<AdminAccountDetail>(`/admin/accounts/${userId}`, { silent: true }),
  });
  const setPassword = useMutation({
    mutationFn: (password: string) =>
      api<boolean>(`/admin/accounts/${userId}/password`, { method: "PUT", body: { password }, silent: true }),
    onSuccess: () => {
      form.resetFields();
      notify("success", "Password set; the user's sessions have ended");
    },
    onError: (e: ApiFailure) => {
      const fields = fieldErrorsOf(e, ["password"] as const, { SuperUserOnly: "password" });
      if (fields.length) form.setFields(fields);
      else notify("danger", e.message);
    },
  });
  if (account.isLoading) return <Skeleton active />;
  if (account.error)
    return (
      <Alert
        type="error"
        showIcon
        title={(account.error as Error).message}
        action={<Link to="/admin/accounts">Back to accounts</Link>}
      />
    );
  const u = account.data!;
  const self = me?.id === u.id;
  return (
    <section aria-labelledby="admin-account-title">
      <Link to="/admin/accounts">All accounts</Link>
      <Typography.Title level={1} id="admin-account-title" style={{ fontSize: 22 }}>
        {u.email} <Tag>{u.type}</Tag>
      </Typography.Title>
      <Space orientation="vertical" size="large" style={{ width: "100%" }}>
        <Card
          title="Account"
          extra={
            self ? null : (
              <ConfirmButton
                type="primary"
                title={`Sign in as ${u.email}? 'Back to admin' brings you back to this page.`}
                okText="Sign in as"
                onConfirm={() =>
                  navigate(`/sign-in-as/${u.id}?return=${encodeURIComponent(pathname + search)}`)
                }
              >
                Sign in as
              </ConfirmButton>
            )
          }
        >
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label="Id">{u.id}</Descriptions.Item>
            <Descriptions.Item label="Name">{u.name || "—"}</Descriptions.Item>
            <Descriptions.Item label="Type">{u.type}</Descriptions.Item>
            <Descriptions.Item label="E-mail">{u.email}</Descriptions.Item>
            <Descriptions.Item label="E-mail confirmed">{u.emailConfirmed ? "Yes" : "No"}</Descriptions.Item>
            <Descriptions.Item label="Portal URL">{u.portalUrl ?? "—"}</Descriptions.Item>
            <Descriptions.Item label="Created">{formatDateTime(u.created)}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title="Apps">
          {u.roles.length === 0 ? (
            <Empty description="This user has no role on any app." />
          ) : (
            <Table
              rowKey={(r) => `${r.appId}-${r.role}`}
              size="small"
              pagination={false}
              dataSource={u.roles}
              columns={[
                {
                  title: "App",
                  key: "app",
                  render: (_, r) => <Link to={`/admin/apps/${r.appId}`}>{r.name || r.slug}</Link>,
                },
                { title: "Slug", dataIndex: "slug" },
                { title: "Role", dataIndex: "role" },
              ]}
            />
          )}
        </Card>
        <Card title="Set password">
          <Form
            form={form}
            layout="inline"
            onFinish={(v) =>
              modal.confirm({
                title: `Set a new password for ${account.data?.email}?`,
                content: "Every session of this user ends.",
                okText: "Set password",
                cancelText: "Cancel",
                onOk: () => setPassword.mutateAsync(v.password).catch(() => undefined),
              })
            }
            onValuesChange={() => form.setFields([{ name: "password", errors: [] }])}
          >
            <Form.Item
              name="password"
              label="New password"
              rules={[{ required: true, min: 6, message: "At least 6 characters" }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button htmlType="submit" loading={setPassword.isPending}>
              Set password
            </Button>
          </Form>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            The user's sessions end; tell them the new password another way.
          </Typography.Paragraph>
        </Card>
      </Space>
    </section>
  );
}
