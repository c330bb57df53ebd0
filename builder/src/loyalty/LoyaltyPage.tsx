import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import { useMemo, useState } from "react";
import { useParams } from "react-router";
import { ApiFailure, api, notify } from "../api.ts";
import { useDraftSelector } from "../draft/context.tsx";
import { AppUserPicker } from "../offers/AppUserPicker.tsx";
import { formatDateTime, userLabel } from "../offers/logic.ts";
import type { AppUserRef } from "../offers/types.ts";
import { capMessage, formatValue, stampCircles } from "./logic.ts";
import { PointsProgramCard } from "./PointsProgramCard.tsx";
import type { LoyaltyCard, PointsAccount, PointsEntry, StampResult } from "./types.ts";

type LoyaltyFeature = { id: string; type: string; title?: string; stampNumber?: number };

/** /apps/{appId}/loyalty: the service desk's stamp cards and points for one customer, and the program. */
export function LoyaltyPage() {
  const { appId = "new" } = useParams();
  const [user, setUser] = useState<AppUserRef | null>(null);
  return (
    <div className="loyalty-page">
      <Typography.Title level={1} className="page-title">
        Loyalty
      </Typography.Title>
      {appId === "new" ? (
        <Result title="Save the app first" subTitle="Loyalty belongs to a saved app." />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: "100%" }}>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Customer</h2>}>
            <Form layout="vertical" component="div">
              <Form.Item label={<label htmlFor="loyalty-user">Find a customer</label>}>
                <AppUserPicker
                  appId={appId}
                  id="loyalty-user"
                  label="Find a customer"
                  value={user}
                  onChange={setUser}
                />
              </Form.Item>
            </Form>
            {user ? (
              <Space orientation="vertical" size="large" style={{ width: "100%" }}>
                <StampCards key={`cards:${user.id}`} appId={appId} user={user} />
                <Points key={`points:${user.id}`} appId={appId} user={user} />
              </Space>
            ) : (
              <Typography.Paragraph type="secondary">
                Search by e-mail, phone or name to see their stamp cards and points.
              </Typography.Paragraph>
            )}
          </Card>
          <PointsProgramCard appId={appId} />
        </Space>
      )}
    </div>
  );
}

function retryAlert(error: unknown, retry: () => void) {
  return (
    <Alert
      type="error"
      showIcon
      title={(error as Error).message}
      action={
        <Button size="small" onClick={retry}>
          Retry
        </Button>
      }
    />
  );
}

function StampCards({ appId, user }: { appId: string; user: AppUserRef }) {
  const qc = useQueryClient();
  const all = useDraftSelector((d) => d.features as LoyaltyFeature[] | undefined);
  const features = useMemo(() => (all ?? []).filter((f) => f.type === "Loyalty"), [all]);
  const key = ["loyalty-cards", appId, user.id];
  const cards = useQuery({
    queryKey: key,
    queryFn: () =>
      api<LoyaltyCard[]>(`/apps/${appId}/loyalty-cards`, { query: { appUserId: user.id }, silent: true }),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const stamp = useMutation({
    mutationFn: (featureId: string) =>
      api<StampResult>(`/apps/${appId}/loyalty-stamps`, {
        method: "POST",
        body: { appUserId: user.id, featureId },
        silent: true,
      }),
    onSuccess: (r) => {
      setFailure(null);
      notify(
        "success",
        r.completed
          ? `Card complete for ${userLabel(user)}${r.reward ? `: ${r.reward}` : ""}`
          : `Stamp added for ${userLabel(user)}`,
      );
      qc.invalidateQueries({ queryKey: key });
    },
    onError: (e) => setFailure((e as Error).message),
  });

  return (
    <section aria-labelledby="stamp-cards-heading">
      <Typography.Title level={3} id="stamp-cards-heading" style={{ fontSize: 16 }}>
        Stamp cards
      </Typography.Title>
      {features.length ? (
        <Space wrap style={{ marginBottom: 12 }}>
          {features.map((f) => (
            <Button
              key={f.id}
              onClick={() => stamp.mutate(f.id)}
              loading={stamp.isPending && stamp.variables === f.id}
              aria-label={`Add stamp: ${f.title || "Loyalty card"}`}
            >
              Add stamp: {f.title || "Loyalty card"}
            </Button>
          ))}
        </Space>
      ) : (
        <Typography.Paragraph type="secondary">
          The app has no Loyalty card feature: add one under Features to give stamps.
        </Typography.Paragraph>
      )}
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} /> : null}
      {cards.isLoading ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {cards.error ? retryAlert(cards.error, () => cards.refetch()) : null}
      {cards.data && !cards.data.length ? <Empty description="No stamp cards yet" /> : null}
      <Space orientation="vertical" style={{ width: "100%" }}>
        {cards.data?.map((c) => (
          <StampCard key={c.id} card={c} />
        ))}
      </Space>
    </section>
  );
}

function StampCard({ card }: { card: LoyaltyCard }) {
  const circles = stampCircles(card.stamps, card.stampNumber);
  return (
    <Card size="small" className="stamp-card" title={card.featureTitle}>
      <div
        className="stamp-circles"
        role="img"
        aria-label={`${card.stamps} of ${card.stampNumber} stamps`}
        style={{ display: "flex", gap: 6, flexWrap: "wrap", marginBottom: 8 }}
      >
        {circles.map((filled, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: circles are positions
            key={i}
            className={filled ? "stamp-circle filled" : "stamp-circle"}
            style={{
              width: 22,
              height: 22,
              borderRadius: "50%",
              border: "2px solid #1d5fd1",
              background: filled ? "#1d5fd1" : "transparent",
              display: "inline-block",
            }}
          />
        ))}
      </div>
      <Space wrap>
        <span className="stamp-count">
          {card.stamps} / {card.stampNumber} stamps
        </span>
        {card.completedAt ? <Tag color="green">Completed {formatDateTime(card.completedAt)}</Tag> : null}
      </Space>
      <Table
        rowKey="id"
        size="small"
        style={{ marginTop: 8 }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={card.log}
        locale={{ emptyText: "No stamps yet" }}
        columns={[
          { key: "time", title: "Time", render: (_v, l) => formatDateTime(l.createdAt) },
          {
            key: "method",
            title: "How",
            render: (_v, l) => (l.method === "staff" ? "Staff" : "Counter code"),
          },
          { key: "staff", title: "Staff", render: (_v, l) => l.staffEmail ?? "" },
        ]}
      />
    </Card>
  );
}

const KIND_TEXT: Record<PointsEntry["kind"], string> = {
  earn: "Earned",
  spend: "Redeemed",
  expire: "Expired",
};

function Points({ appId, user }: { appId: string; user: AppUserRef }) {
  const qc = useQueryClient();
  const key = ["points", appId, user.id];
  const account = useQuery({
    queryKey: key,
    queryFn: () =>
      api<PointsAccount>(`/apps/${appId}/points`, { query: { appUserId: user.id }, silent: true }),
  });
  const onChanged = (a: PointsAccount) => qc.setQueryData(key, a);
  return (
    <section aria-labelledby="points-heading">
      <Typography.Title level={3} id="points-heading" style={{ fontSize: 16 }}>
        Points
      </Typography.Title>
      {account.isLoading ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {account.error ? retryAlert(account.error, () => account.refetch()) : null}
      {account.data ? (
        <>
          <Descriptions
            size="small"
            column={3}
            items={[
              {
                key: "balance",
                label: "Balance",
                children: <span className="points-balance">{account.data.balance}</span>,
              },
              { key: "value", label: "Value", children: formatValue(account.data.value) },
              {
                key: "expiry",
                label: "Next expiry",
                children: account.data.nextExpiry
                  ? `${account.data.nextExpiry.points} points on ${formatDateTime(account.data.nextExpiry.on)}`
                  : "None",
              },
            ]}
          />
          <Space align="start" wrap size="large" style={{ margin: "12px 0" }}>
            <PointsForm appId={appId} user={user} kind="earn" onChanged={onChanged} rewards={[]} />
            <PointsForm
              appId={appId}
              user={user}
              kind="spend"
              onChanged={onChanged}
              rewards={account.data.rewards}
            />
          </Space>
          <Table<PointsEntry>
            rowKey="id"
            size="small"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={account.data.history}
            locale={{ emptyText: "No points yet" }}
            columns={[
              { key: "time", title: "Time", render: (_v, e) => formatDateTime(e.createdAt) },
              { key: "kind", title: "Entry", render: (_v, e) => KIND_TEXT[e.kind] ?? e.kind },
              {
                key: "amount",
                title: "Points",
                render: (_v, e) => (e.kind === "earn" ? `+${e.amount}` : `-${e.amount}`),
              },
              { key: "expires", title: "Expires", render: (_v, e) => formatDateTime(e.expiresAt) },
              { key: "note", title: "Note", render: (_v, e) => e.note ?? "" },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}

function PointsForm({
  appId,
  user,
  kind,
  onChanged,
  rewards,
}: {
  appId: string;
  user: AppUserRef;
  kind: "earn" | "spend";
  onChanged(a: PointsAccount): void;
  rewards: PointsAccount["rewards"];
}) {
  const [amount, setAmount] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const [rewardId, setRewardId] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const label = kind === "earn" ? "Award points" : "Redeem points";
  const id = `points-${kind}`;
  const send = useMutation({
    mutationFn: () =>
      api<PointsAccount>(`/apps/${appId}/points/${kind}`, {
        method: "POST",
        body: {
          appUserId: user.id,
          amount,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(kind === "spend" && rewardId ? { rewardId } : {}),
        },
        silent: true,
      }),
    onSuccess: (a) => {
      notify("success", kind === "earn" ? `${amount} points awarded` : `${amount} points redeemed`);
      setAmount(null);
      setNote("");
      setRewardId(undefined);
      setFailure(null);
      onChanged(a);
    },
    onError: (e) => {
      const f = e as ApiFailure;
      setFailure(
        f instanceof ApiFailure && f.code === "PointsCapReached"
          ? capMessage(f.message, f.details)
          : f.message,
      );
    },
  });
  return (
    <Card size="small" title={<h4 style={{ fontSize: 16, margin: 0 }}>{label}</h4>} style={{ width: 320 }}>
      <Form layout="vertical" component="div">
        {kind === "spend" && rewards.length ? (
          <Form.Item label={<label htmlFor={`${id}-reward`}>Reward</label>}>
            <Select
              id={`${id}-reward`}
              allowClear
              value={rewardId}
              onChange={(v) => {
                setRewardId(v);
                const r = rewards.find((x) => x.id === v);
                if (r) setAmount(r.points);
              }}
              options={rewards.map((r) => ({ value: r.id, label: `${r.title} (${r.points} points)` }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={<label htmlFor={`${id}-amount`}>Points</label>}>
          <InputNumber
            id={`${id}-amount`}
            min={1}
            precision={0}
            value={amount}
            onChange={setAmount}
            style={{ width: "100%" }}
          />
        </Form.Item>
        <Form.Item label={<label htmlFor={`${id}-note`}>Note</label>}>
          <Input id={`${id}-note`} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
        </Form.Item>
        <Button
          type="primary"
          disabled={!amount || amount < 1}
          loading={send.isPending}
          onClick={() => send.mutate()}
        >
          {label}
        </Button>
        {failure ? (
          <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} role="alert" />
        ) : null}
      </Form>
    </Card>
  );
}
