import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  App as AntApp,
  Button,
  Empty,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useParams } from "react-router";
import type { App } from "../../../schemas/index.ts";
import { api } from "../api.ts";
import { formatDateTime, moveId } from "../offers/logic.ts";
import { DragHandle, SortableTable } from "../offers/SortableTable.tsx";
import { GeofenceDrawer } from "./GeofenceDrawer.tsx";
import {
  type GeofenceRecord,
  type GeofenceStatus,
  geofenceStatus,
  recurrenceText,
  STATUS_COLOR,
  UNIT_LABELS,
} from "./logic.ts";
import { useDeleteGeofence, useGeofences, useReorderGeofences } from "./queries.ts";

const EMPTY_TEXT =
  "A geofence is a circle drawn on the map around a place such as your dealership. When someone with your app open enters it, within the geofence's dates, they receive its message once.";

const STATUSES = new Set<string>(["Planned", "Active", "Recurring", "Expired"]);

/** /apps/{appId}/geofences: the app's geofences, ordered by drag or keyboard, edited in a drawer with a map. */
export function GeofencesPage() {
  const { appId = "new" } = useParams();
  return (
    <div className="geofences-page">
      <Typography.Title level={1} className="page-title">
        Geofences
      </Typography.Title>
      {appId === "new" ? (
        <Result title="Save the app first" subTitle="Geofences belong to a saved app." />
      ) : (
        <GeofencesTable key={appId} appId={appId} />
      )}
    </div>
  );
}

function GeofencesTable({ appId }: { appId: string }) {
  const { message } = AntApp.useApp();
  const geofences = useGeofences(appId);
  const remove = useDeleteGeofence(appId);
  const reorder = useReorderGeofences(appId, (why) => message.error(`The new order was not saved: ${why}`));
  const [editing, setEditing] = useState<GeofenceRecord | null>(null);
  const [open, setOpen] = useState(false);
  const edit = (g: GeofenceRecord | null) => {
    setEditing(g);
    setOpen(true);
  };
  const list = geofences.data ?? [];
  const myApps = useQuery({ queryKey: ["apps"], queryFn: () => api<App[]>("/apps", { silent: true }) });
  const appNames = new Map(
    (myApps.data ?? []).map((a) => [a.appId, a.definition?.name || a.slug || a.appId]),
  );
  const nameOf = (id: string) => list.find((g) => g.id === id)?.name ?? id;
  const newButton = (
    <Button type="primary" onClick={() => edit(null)}>
      New geofence
    </Button>
  );

  const columns: ColumnsType<GeofenceRecord> = [
    {
      key: "sort",
      width: 48,
      title: <span className="visually-hidden">Order</span>,
      render: (_v, g) => <DragHandle label={`Move ${g.name}`} />,
    },
    { key: "name", title: "Name", render: (_v, g) => <span className="geofence-name">{g.name}</span> },
    {
      key: "status",
      title: "Status",
      render: (_v, g) => {
        const status = (
          g.status && STATUSES.has(g.status) ? g.status : geofenceStatus(g, Date.now())
        ) as GeofenceStatus;
        return <Tag color={STATUS_COLOR[status]}>{status}</Tag>;
      },
    },
    {
      key: "radius",
      title: "Radius",
      render: (_v, g) =>
        `${g.location.radius} ${UNIT_LABELS[g.location.radiusUnit] ?? g.location.radiusUnit}`,
    },
    {
      key: "dates",
      title: "Dates",
      render: (_v, g) =>
        g.startDate || g.endDate
          ? `${formatDateTime(g.startDate) || "Open"} – ${formatDateTime(g.endDate) || "Open"}`
          : "Always",
    },
    {
      key: "recurrence",
      title: "Recurrence",
      render: (_v, g) => recurrenceText(g.recurrence, (iso) => formatDateTime(iso)),
    },
    {
      key: "apps",
      title: "Apps",
      render: (_v, g) => (g.apps?.length ? g.apps : [appId]).map((id) => appNames.get(id) ?? id).join(", "),
    },
    {
      key: "actions",
      title: "Actions",
      render: (_v, g) => (
        <Space size={0} wrap>
          <Button type="link" onClick={() => edit(g)} aria-label={`Edit ${g.name}`}>
            Edit
          </Button>
          <Popconfirm
            title={`Delete "${g.name}"?`}
            description="Its message is no longer sent in any app."
            okText="Delete"
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={() => remove.mutateAsync(g.id)}
          >
            <Button type="link" danger aria-label={`Delete ${g.name}`}>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  let body: React.ReactNode;
  if (geofences.isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (geofences.error)
    body = (
      <Alert
        type="error"
        showIcon
        title={(geofences.error as Error).message}
        action={
          <Button size="small" onClick={() => geofences.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (!list.length)
    body = (
      <Empty
        description={
          <Space orientation="vertical" size={4}>
            <strong>No geofences yet</strong>
            <span className="geofences-empty-text">{EMPTY_TEXT}</span>
          </Space>
        }
      >
        {newButton}
      </Empty>
    );
  else
    body = (
      <SortableTable<GeofenceRecord>
        className="geofences-table"
        aria-label="Geofences"
        dataSource={list}
        columns={columns}
        nameOf={nameOf}
        onMove={(active, over) =>
          reorder.mutate(
            moveId(
              list.map((g) => g.id),
              active,
              over,
            ),
          )
        }
      />
    );

  return (
    <section aria-label="Geofences list">
      {list.length ? <div style={{ marginBottom: 12 }}>{newButton}</div> : null}
      {body}
      <GeofenceDrawer appId={appId} geofence={editing} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
