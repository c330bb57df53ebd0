import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { useParams } from "react-router";
import { messages } from "../../../schemas/index.ts";
import { clearedErrors, fieldErrorsOf } from "../account/logic.ts";
import { type ApiFailure, api, notify } from "../api.ts";
import { TAG_COLOR } from "../customers/ui.ts";
import { useWorkspace } from "../draft/context.tsx";
import { formatDateTime } from "../offers/logic.ts";
import { useSession } from "../session/SessionProvider.tsx";
import {
  type AppRole,
  grantableRoles,
  type InviteResult,
  inviteMessage,
  locationNames,
  mayManage,
  sortTeam,
  type TeamMember,
} from "./logic.ts";

interface InviteValues {
  email: string;
  role: AppRole;
  locations?: string[];
}

/** The app's team (Owners, Managers, Service, Associates and pending invitations) and its insights e-mails. */
export function TeamPage() {
  const { appId = "" } = useParams();
  return (
    <section className="team-page" aria-labelledby="team-title">
      <Typography.Title level={1} id="team-title" style={{ fontSize: 22 }}>
        Team
      </Typography.Title>
      <Space orientation="vertical" size="large" style={{ width: "100%" }}>
        <TeamCard appId={appId} />
        <InsightsCard appId={appId} />
      </Space>
    </section>
  );
}

function TeamCard({ appId }: { appId: string }) {
  const { saved } = useWorkspace();
  const locations = (saved?.locations ?? []) as { id: string; name?: string }[];
  const { me } = useSession();
  const admin = me?.type === "Admin";
  const qc = useQueryClient();
  const key = ["team", appId];
  const team = useQuery({
    queryKey: key,
    queryFn: () => api<TeamMember[]>(`/accounts/app/${appId}/managers`, { silent: true }),
  });
  const myRole = team.data?.find((m) => m.status === "Active" && m.email === me?.email)?.role ?? null;
  const roles = grantableRoles(myRole, admin);
  const [form] = Form.useForm<InviteValues>();
  const [external, setExternal] = useState<{ values: InviteValues; message: string } | null>(null);
  const invite = useMutation({
    mutationFn: (body: InviteValues & { confirmExternal?: boolean }) =>
      api<{ result: InviteResult; manager: TeamMember }>(`/accounts/app/${appId}/managers`, {
        method: "POST",
        body,
        silent: true,
      }),
    onSuccess: (answer, body) => {
      notify(
        answer.result === "AlreadyHasPermissions" ? "warning" : "success",
        inviteMessage(answer.result, answer.manager.email, body.role),
      );
      setExternal(null);
      if (answer.result !== "AlreadyHasPermissions") form.resetFields(["email"]);
      qc.invalidateQueries({ queryKey: key });
    },
    onError: (e, body) => {
      const f = e as ApiFailure;
      if (f.code === "ExternalInvite" && !body.confirmExternal) {
        setExternal({ values: body, message: f.message });
        return;
      }
      setExternal(null);
      const fields = fieldErrorsOf(f, ["email", "role", "locations"], { RoleNotGrantable: "role" });
      if (fields.length) form.setFields(fields);
      else notify("danger", f.message);
    },
  });
  const send = (values: InviteValues, confirmExternal = false) =>
    invite.mutate({
      email: values.email.trim(),
      role: values.role,
      ...(values.locations?.length ? { locations: values.locations } : {}),
      ...(confirmExternal ? { confirmExternal: true } : {}),
    });
  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: TeamMember; role: AppRole }) =>
      api<TeamMember>(`/accounts/app/${appId}/managers/${member.id}/role/${role}`, {
        method: "POST",
        body: { locations: member.locations },
      }),
    onSuccess: (m) => {
      notify("success", `${m.email} is now ${m.role}`);
      qc.invalidateQueries({ queryKey: key });
    },
  });
  const remove = useMutation({
    mutationFn: (member: TeamMember) =>
      api<true>(`/accounts/app/${appId}/managers/${member.id}`, { method: "DELETE" }),
    onSuccess: (_r, m) => {
      notify(
        "success",
        m.status === "Invited" ? `Invitation to ${m.email} withdrawn` : `${m.email} removed from the team`,
      );
      qc.invalidateQueries({ queryKey: key });
    },
  });

  return (
    <Card title="Owners and Managers" className="team-card">
      {roles.length ? (
        <Form
          form={form}
          layout="inline"
          name="invite"
          initialValues={{ role: roles.includes("Manager") ? "Manager" : roles[0] }}
          onFinish={(v) => send(v)}
          onValuesChange={(changed) => form.setFields(clearedErrors(changed))}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          <Form.Item
            label="E-mail"
            name="email"
            rules={[{ required: true, whitespace: true, message: messages.required }]}
          >
            <Input type="email" placeholder="name@example.com" style={{ width: 240 }} />
          </Form.Item>
          <Form.Item label="Role" name="role">
            <Select style={{ width: 130 }} options={roles.map((r) => ({ value: r, label: r }))} />
          </Form.Item>
          {locations.length ? (
            <Form.Item label="Locations" name="locations">
              <Select
                mode="multiple"
                allowClear
                placeholder="All locations"
                style={{ minWidth: 200 }}
                options={locations.map((l) => ({ value: l.id, label: l.name || l.id }))}
              />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Form>
      ) : null}
      {team.isLoading ? (
        <Skeleton active />
      ) : team.error ? (
        <Alert
          type="error"
          showIcon
          title={(team.error as Error).message}
          action={
            <Button size="small" onClick={() => team.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <Table<TeamMember>
          className="team-table"
          rowKey="id"
          pagination={false}
          dataSource={sortTeam(team.data ?? [])}
          locale={{ emptyText: "No one on the team yet: invite someone by e-mail" }}
          columns={[
            {
              key: "who",
              title: "Member",
              render: (_v, m) => (
                <Space size={4} wrap>
                  <span>{m.name ? `${m.name} (${m.email})` : m.email}</span>
                  {m.status === "Invited" ? <Tag color={TAG_COLOR.invited}>Invited</Tag> : null}
                  {m.external ? <Tag color={TAG_COLOR.external}>External</Tag> : null}
                </Space>
              ),
            },
            {
              key: "role",
              title: "Role",
              render: (_v, m) =>
                m.status === "Active" && mayManage(m, myRole, admin, me?.email ?? "") ? (
                  <Select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    style={{ width: 130 }}
                    options={roles.map((r) => ({ value: r, label: r }))}
                    onChange={(role) => changeRole.mutate({ member: m, role })}
                  />
                ) : (
                  m.role
                ),
            },
            {
              key: "locations",
              title: "Locations",
              render: (_v, m) => locationNames(m.locations, locations),
            },
            {
              key: "actions",
              title: "",
              render: (_v, m) =>
                mayManage(m, myRole, admin, me?.email ?? "") ? (
                  <Popconfirm
                    title={
                      m.status === "Invited"
                        ? `Withdraw the invitation to ${m.email}?`
                        : `Remove ${m.email} from the team?`
                    }
                    okText="Remove"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(m).catch(() => {})}
                  >
                    <Button danger size="small" aria-label={`Remove ${m.email}`}>
                      Remove
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      )}
      <Modal
        title="Invite someone outside your organization?"
        open={Boolean(external)}
        okText="Send invitation"
        confirmLoading={invite.isPending}
        onOk={() => external && send(external.values, true)}
        onCancel={() => setExternal(null)}
      >
        <p>{external?.message}</p>
      </Modal>
    </Card>
  );
}

interface EmailSubscription {
  id: string;
  email: string;
  insightsReport: boolean;
  lastSentAt?: string | null;
}

function InsightsCard({ appId }: { appId: string }) {
  const qc = useQueryClient();
  const key = ["email-subscriptions", appId];
  const list = useQuery({
    queryKey: key,
    queryFn: () => api<EmailSubscription[]>(`/apps/${appId}/email-subscriptions`, { silent: true }),
  });
  const [form] = Form.useForm<{ email: string }>();
  const put = useMutation({
    mutationFn: (body: { email: string; insightsReport: boolean }) =>
      api<EmailSubscription>(`/apps/${appId}/email-subscriptions`, { method: "PUT", body, silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<true>(`/apps/${appId}/email-subscriptions/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      notify("success", "Address removed");
      qc.invalidateQueries({ queryKey: key });
    },
  });
  const sendNow = useMutation({
    mutationFn: (email: string) =>
      api<unknown>(`/apps/${appId}/analytics/insights`, { method: "POST", body: { email } }),
    onSuccess: (_r, email) => notify("success", `Insights report sent to ${email}`),
  });
  return (
    <Card title="Insights e-mails" className="insights-card">
      <Typography.Paragraph type="secondary">
        A weekly report of the app's installs, sign-ins, redemptions, leads and pushes goes to these
        addresses.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        name="insights"
        style={{ marginBottom: 16 }}
        onValuesChange={(changed) => form.setFields(clearedErrors(changed))}
        onFinish={(v) =>
          put.mutate(
            { email: v.email.trim(), insightsReport: true },
            {
              onSuccess: () => {
                notify("success", `${v.email.trim()} will receive the weekly insights`);
                form.resetFields();
              },
              onError: (e) => {
                const fields = fieldErrorsOf(e as ApiFailure, ["email"]);
                form.setFields(fields.length ? fields : [{ name: "email", errors: [(e as Error).message] }]);
              },
            },
          )
        }
      >
        <Form.Item
          label="E-mail"
          name="email"
          rules={[{ required: true, whitespace: true, message: messages.required }]}
        >
          <Input type="email" placeholder="name@example.com" style={{ width: 240 }} />
        </Form.Item>
        <Button htmlType="submit" loading={put.isPending}>
          Add
        </Button>
      </Form>
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.error ? (
        <Alert type="error" showIcon title={(list.error as Error).message} />
      ) : list.data?.length ? (
        <Table<EmailSubscription>
          className="insights-table"
          rowKey="id"
          pagination={false}
          dataSource={list.data}
          columns={[
            { key: "email", title: "E-mail", dataIndex: "email" },
            {
              key: "weekly",
              title: "Weekly report",
              render: (_v, s) => (
                <Switch
                  aria-label={`Weekly report to ${s.email}`}
                  checked={s.insightsReport}
                  onChange={(on) =>
                    put.mutate(
                      { email: s.email, insightsReport: on },
                      { onError: (e) => notify("danger", (e as Error).message) },
                    )
                  }
                />
              ),
            },
            {
              key: "last",
              title: "Last sent",
              render: (_v, s) => formatDateTime(s.lastSentAt ?? undefined) || "Never",
            },
            {
              key: "actions",
              title: "",
              render: (_v, s) => (
                <Space>
                  <Button
                    size="small"
                    loading={sendNow.isPending && sendNow.variables === s.email}
                    onClick={() => sendNow.mutate(s.email)}
                    aria-label={`Send now to ${s.email}`}
                  >
                    Send now
                  </Button>
                  <Popconfirm
                    title={`Stop e-mails to ${s.email}?`}
                    okText="Remove"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(s.id).catch(() => {})}
                  >
                    <Button danger size="small" aria-label={`Remove ${s.email}`}>
                      Remove
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      ) : (
        <Empty description="No addresses yet: add one to receive the weekly insights report" />
      )}
    </Card>
  );
}
