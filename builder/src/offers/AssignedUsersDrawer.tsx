import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Drawer, Form, Input, Popconfirm, Space, Table, Typography } from "antd";
import { useId, useRef, useState } from "react";
import { api, notify } from "../api.ts";
import { AppUserPicker } from "./AppUserPicker.tsx";
import { formatDateTime, userLabel } from "./logic.ts";
import type { AppUserRef, BulkResult, OfferRecord, PersonalizedSpecial } from "./types.ts";

interface Props {
  appId: string;
  offer: OfferRecord | null;
  open: boolean;
  onClose(): void;
}

/** The app users a personalized special is assigned to (spec §4: only they see it). */
export function AssignedUsersDrawer({ appId, offer, open, onClose }: Props) {
  return (
    <Drawer
      title={offer ? `Assigned users of "${offer.title}"` : "Assigned users"}
      open={open}
      onClose={onClose}
      size={680}
      destroyOnHidden
    >
      {open && offer ? <Assigned appId={appId} offer={offer} /> : null}
    </Drawer>
  );
}

function Assigned({ appId, offer }: { appId: string; offer: OfferRecord }) {
  const qc = useQueryClient();
  const key = ["personalized-specials", appId, offer.id];
  const list = useQuery({
    queryKey: key,
    queryFn: () =>
      api<PersonalizedSpecial[]>(`/apps/${appId}/personalized-specials`, {
        query: { offerId: offer.id },
        silent: true,
      }),
  });
  const assigned = list.data ?? [];
  const [user, setUser] = useState<AppUserRef | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: key });

  const add = useMutation({
    mutationFn: (u: AppUserRef) =>
      api<PersonalizedSpecial[]>(`/apps/${appId}/personalized-specials`, {
        method: "PUT",
        body: { offerId: offer.id, appUserIds: [...assigned.map((a) => a.appUser.id), u.id] },
        silent: true,
      }),
    onSuccess: (_r, u) => {
      notify("success", `${userLabel(u)} can now see "${offer.title}"`);
      setUser(null);
      setFailure(null);
      refresh();
    },
    onError: (e) => setFailure((e as Error).message),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<true>(`/apps/${appId}/personalized-specials/${id}`, { method: "DELETE" }),
    onSuccess: refresh,
  });

  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <section aria-label="Add a user">
        <Form layout="vertical" component="div">
          <Form.Item label={<label htmlFor="assign-user">Add a user</label>}>
            <Space wrap>
              <AppUserPicker
                appId={appId}
                id="assign-user"
                label="Add a user"
                value={user}
                onChange={setUser}
                exclude={new Set(assigned.map((a) => a.appUser.id))}
              />
              <Button
                type="primary"
                disabled={!user}
                loading={add.isPending}
                onClick={() => add.mutate(user!)}
              >
                Assign
              </Button>
            </Space>
          </Form.Item>
        </Form>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </section>
      <BulkAssign appId={appId} offerId={offer.id} onDone={refresh} />
      {list.error ? (
        <Alert
          type="error"
          showIcon
          title={(list.error as Error).message}
          action={
            <Button size="small" onClick={() => list.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <Table<PersonalizedSpecial>
          rowKey="id"
          loading={list.isLoading}
          dataSource={assigned}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: "Nobody is assigned yet" }}
          columns={[
            { key: "user", title: "User", render: (_v, p) => userLabel(p.appUser) },
            { key: "assigned", title: "Assigned", render: (_v, p) => formatDateTime(p.createdAt) },
            {
              key: "redeemed",
              title: "Redeemed",
              render: (_v, p) => (p.redeemedAt ? formatDateTime(p.redeemedAt) : "Not yet"),
            },
            {
              key: "remove",
              title: "Actions",
              render: (_v, p) => (
                <Popconfirm
                  title={`Remove ${userLabel(p.appUser)}?`}
                  description={`They will no longer see "${offer.title}".`}
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(p.id)}
                >
                  <Button type="link" danger aria-label={`Remove ${userLabel(p.appUser)}`}>
                    Remove
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </Space>
  );
}

/** Paste or upload e-mails or phones (one a line, or a CSV); the server says which rows it could not use. */
function BulkAssign({ appId, offerId, onDone }: { appId: string; offerId: string; onDone(): void }) {
  const [contacts, setContacts] = useState("");
  const [result, setResult] = useState<BulkResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const textId = useId();
  const send = useMutation({
    mutationFn: () =>
      api<BulkResult>(`/apps/${appId}/personalized-specials/bulk`, {
        method: "POST",
        body: { offerId, contacts },
        silent: true,
      }),
    onSuccess: (r) => {
      setResult(r);
      setFailure(null);
      // The rows that failed stay for a fix; the added ones are done.
      if (!r.errors.length) setContacts("");
      onDone();
    },
    onError: (e) => setFailure((e as Error).message),
  });
  return (
    <section aria-label="Add from a list">
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        Add from a list
      </Typography.Title>
      <label htmlFor={textId}>E-mails or phones, one a line, or a CSV with an email or phone column</label>
      <Input.TextArea
        id={textId}
        rows={5}
        value={contacts}
        onChange={(e) => setContacts(e.target.value)}
        style={{ margin: "8px 0" }}
      />
      <input
        ref={file}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        className="visually-hidden"
        aria-label="CSV file"
        onChange={async (e) => {
          const f = e.target.files?.[0];
          if (f) setContacts(await f.text());
          e.target.value = "";
        }}
      />
      <Space wrap>
        <Button onClick={() => file.current?.click()}>Upload CSV</Button>
        <Button
          type="primary"
          disabled={!contacts.trim()}
          loading={send.isPending}
          onClick={() => send.mutate()}
        >
          Assign from list
        </Button>
      </Space>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} /> : null}
      {result ? (
        <div className="bulk-result" style={{ marginTop: 12 }}>
          <Alert
            type={result.errors.length ? "warning" : "success"}
            showIcon
            title={`Added ${result.added}, already assigned ${result.existing}, not found ${result.errors.length}`}
          />
          {result.errors.length ? (
            <Table
              rowKey="row"
              size="small"
              style={{ marginTop: 8 }}
              dataSource={result.errors}
              pagination={false}
              columns={[
                { key: "row", title: "Row", dataIndex: "row" },
                { key: "value", title: "Value", dataIndex: "value" },
                { key: "message", title: "Problem", dataIndex: "message" },
              ]}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
