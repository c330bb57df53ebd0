import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Drawer, Form, Select, Space, Table, Typography } from "antd";
import { useState } from "react";
import { api, notify } from "../api.ts";
import { useWorkspace } from "../draft/context.tsx";
import { AppUserPicker } from "./AppUserPicker.tsx";
import { formatDateTime, userLabel } from "./logic.ts";
import { offersKey } from "./queries.ts";
import type { AppUserRef, OfferKind, OfferRecord, Redemption } from "./types.ts";

const CHANNEL: Record<Redemption["channel"], string> = {
  widget: "Widget",
  portal: "Portal",
  console: "Service desk",
};

interface Props {
  kind: OfferKind;
  appId: string;
  offer: OfferRecord | null;
  open: boolean;
  onClose(): void;
}

/** Who redeemed an offer, when, where and how; the service desk records one for a customer. */
export function RedemptionsDrawer({ kind, appId, offer, open, onClose }: Props) {
  return (
    <Drawer
      title={offer ? `Redemptions of "${offer.title}"` : "Redemptions"}
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
    >
      {open && offer ? <Redemptions kind={kind} appId={appId} offer={offer} /> : null}
    </Drawer>
  );
}

function Redemptions({ kind, appId, offer }: { kind: OfferKind; appId: string; offer: OfferRecord }) {
  const { saved } = useWorkspace();
  const locations = saved?.locations ?? [];
  const qc = useQueryClient();
  const key = ["redemptions", appId, offer.id];
  const list = useQuery({
    queryKey: key,
    queryFn: () => api<Redemption[]>(`/apps/${appId}/${kind}/${offer.id}/redemptions`, { silent: true }),
  });
  const [user, setUser] = useState<AppUserRef | null>(null);
  const [locationId, setLocationId] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const record = useMutation({
    mutationFn: () =>
      api<Redemption>(`/apps/${appId}/${kind}/${offer.id}/redemptions`, {
        method: "POST",
        body: { appUserId: user!.id, ...(locationId ? { locationId } : {}) },
        silent: true,
      }),
    onSuccess: () => {
      notify("success", `Redemption recorded for ${userLabel(user!)}`);
      setUser(null);
      setFailure(null);
      qc.invalidateQueries({ queryKey: key });
      qc.invalidateQueries({ queryKey: offersKey(appId, kind) });
    },
    onError: (e) => setFailure((e as Error).message),
  });
  const locationName = (id?: string) => (id ? (locations.find((l) => l.id === id)?.name ?? id) : "");

  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <section aria-label="Record redemption">
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          Record redemption
        </Typography.Title>
        <Form layout="vertical" component="div">
          <Form.Item label={<label htmlFor="redemption-user">Customer</label>}>
            <AppUserPicker
              appId={appId}
              id="redemption-user"
              label="Customer"
              value={user}
              onChange={setUser}
            />
          </Form.Item>
          {locations.length ? (
            <Form.Item label={<label htmlFor="redemption-location">Location</label>}>
              <Select
                id="redemption-location"
                allowClear
                value={locationId}
                onChange={setLocationId}
                options={locations.map((l) => ({ value: l.id, label: l.name || l.id }))}
              />
            </Form.Item>
          ) : null}
          <Button type="primary" disabled={!user} loading={record.isPending} onClick={() => record.mutate()}>
            Record redemption
          </Button>
        </Form>
        {failure ? <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} /> : null}
      </section>
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
        <Table<Redemption>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: "No redemptions yet" }}
          columns={[
            { key: "user", title: "Customer", render: (_v, r) => userLabel(r.appUser) },
            { key: "time", title: "Time", render: (_v, r) => formatDateTime(r.createdAt) },
            { key: "channel", title: "Channel", render: (_v, r) => CHANNEL[r.channel] ?? r.channel },
            { key: "location", title: "Location", render: (_v, r) => locationName(r.locationId) },
          ]}
        />
      )}
    </Space>
  );
}
