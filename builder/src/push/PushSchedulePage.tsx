import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import {
  Alert,
  App as AntApp,
  Badge,
  Button,
  Calendar,
  Drawer,
  Empty,
  Popconfirm,
  Result,
  Segmented,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import type { Dayjs } from "dayjs";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { recurrenceEndLabel, recurrenceLabel } from "../../../core/recurrence.ts";
import { formatDateTime } from "../offers/logic.ts";
import { LOCK_SCREEN_CSS } from "./LockScreenPreview.tsx";
import {
  countsText,
  PUSH_EDIT_RULE_MESSAGE,
  PUSH_STATUS_COLOR,
  type PushRecord,
  pushesOnDay,
  scheduleOrder,
} from "./logic.ts";
import { useDeletePush, useOccurrences, usePushes } from "./queries.ts";

/** /apps/{appId}/push: View Schedule, a calendar and a list of the pushes that target the app. */
export function PushSchedulePage() {
  const { appId = "new" } = useParams();
  return (
    <div className="push-page">
      <style>{LOCK_SCREEN_CSS}</style>
      <Typography.Title level={1} className="page-title">
        View Schedule
      </Typography.Title>
      {appId === "new" ? (
        <Result title="Save the app first" subTitle="Pushes belong to a saved app." />
      ) : (
        <Schedule appId={appId} />
      )}
    </div>
  );
}

function Schedule({ appId }: { appId: string }) {
  const pushes = usePushes(appId);
  const [view, setView] = useState<"List" | "Calendar">("List");
  const [occurrencesOf, setOccurrencesOf] = useState<PushRecord | null>(null);
  const newButton = (
    <Link
      to={`/apps/${appId}/push/add`}
      className="ant-btn ant-btn-primary ant-btn-color-primary ant-btn-variant-solid"
    >
      New push
    </Link>
  );
  const list = useMemo(() => [...(pushes.data ?? [])].sort(scheduleOrder), [pushes.data]);

  if (pushes.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (pushes.error)
    return (
      <Alert
        type="error"
        showIcon
        title={(pushes.error as Error).message}
        action={
          <Button size="small" onClick={() => pushes.refetch()}>
            Retry
          </Button>
        }
      />
    );
  if (!list.length)
    return (
      <Empty
        description={
          <span>
            No pushes yet. Write a message, choose who gets it and when, and it shows here until it is sent.
            You can also start one from a special or a promotion with “Send as push”.
          </span>
        }
      >
        {newButton}
      </Empty>
    );
  return (
    <section aria-label="Scheduled pushes">
      <Space style={{ marginBottom: 12 }} wrap>
        {newButton}
        <Segmented
          aria-label="View"
          options={["List", "Calendar"]}
          value={view}
          onChange={(v) => setView(v as "List" | "Calendar")}
        />
      </Space>
      {view === "List" ? (
        <PushTable appId={appId} list={list} onOccurrences={setOccurrencesOf} />
      ) : (
        <PushCalendar appId={appId} list={list} />
      )}
      <OccurrencesDrawer appId={appId} push={occurrencesOf} onClose={() => setOccurrencesOf(null)} />
    </section>
  );
}

function PushTable({
  appId,
  list,
  onOccurrences,
}: {
  appId: string;
  list: PushRecord[];
  onOccurrences(p: PushRecord): void;
}) {
  const navigate = useNavigate();
  const { modal } = AntApp.useApp();
  const remove = useDeletePush(appId);
  const columns: ColumnsType<PushRecord> = [
    {
      key: "message",
      title: "Message",
      render: (_v, p) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} className="push-message">
          {p.message}
        </Typography.Paragraph>
      ),
    },
    {
      key: "status",
      title: "Status",
      render: (_v, p) => <Tag color={PUSH_STATUS_COLOR[p.status]}>{p.status}</Tag>,
    },
    {
      key: "when",
      title: "Send at",
      render: (_v, p) => (
        <Space orientation="vertical" size={0}>
          <span>{formatDateTime(p.scheduleTime)}</span>
          {p.recurrence && p.recurrence.type !== "None" && p.recurrence.type !== "Once" ? (
            <Typography.Text type="secondary">
              {recurrenceLabel(p.recurrence.type)} · {recurrenceEndLabel(p.recurrence.endsBy)}
              {p.recurrence.endsBy ? ` ${formatDateTime(p.recurrence.endsBy)}` : ""}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      key: "next",
      title: "Next sends",
      render: (_v, p) =>
        p.nextOccurrences?.length ? (
          <ul className="push-next">
            {p.nextOccurrences.slice(0, 3).map((at) => (
              <li key={at}>{formatDateTime(at)}</li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">None</Typography.Text>
        ),
    },
    {
      key: "counts",
      title: "Counts",
      render: (_v, p) => (
        <Button
          type="link"
          onClick={() => onOccurrences(p)}
          aria-label={`${countsText(p.counts)}: sends of ${p.message}`}
        >
          {countsText(p.counts)}
        </Button>
      ),
    },
    {
      key: "actions",
      title: "Actions",
      render: (_v, p) => {
        const editButton = (
          <Button
            type="link"
            disabled={!p.editable}
            aria-label={`Edit ${p.message}`}
            onClick={() => navigate(`/apps/${appId}/push/${p.id}`)}
          >
            Edit
          </Button>
        );
        const deleteButton = (
          <Button type="link" danger disabled={!p.editable} aria-label={`Delete ${p.message}`}>
            Delete
          </Button>
        );
        if (!p.editable)
          return (
            <Tooltip title={PUSH_EDIT_RULE_MESSAGE}>
              <Space size={0} className="push-locked-actions" aria-description={PUSH_EDIT_RULE_MESSAGE}>
                {editButton}
                {deleteButton}
              </Space>
            </Tooltip>
          );
        return (
          <Space size={0}>
            {editButton}
            <Popconfirm
              title="Delete this push?"
              description="It will not be sent anymore."
              okText="Delete"
              okButtonProps={{ danger: true, loading: remove.isPending }}
              onConfirm={() =>
                remove.mutateAsync(p.id).catch((e: Error) => {
                  modal.error({ title: "The push was not deleted", content: e.message });
                })
              }
            >
              {deleteButton}
            </Popconfirm>
          </Space>
        );
      },
    },
  ];
  return (
    <Table<PushRecord>
      className="push-table"
      aria-label="Pushes"
      rowKey="id"
      dataSource={list}
      columns={columns}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      // Wide rows (three next sends, the counts) scroll inside the page, never under the phone preview.
      scroll={{ x: "max-content" }}
    />
  );
}

function PushCalendar({ appId, list }: { appId: string; list: PushRecord[] }) {
  const navigate = useNavigate();
  const [month, setMonth] = useState<Dayjs>(() => dayjs());
  const byDay = useMemo(
    () =>
      pushesOnDay(
        list,
        month.startOf("month").subtract(7, "day").valueOf(),
        month.endOf("month").add(14, "day").valueOf(),
      ),
    [list, month],
  );
  return (
    <Calendar
      className="push-calendar"
      value={month}
      onPanelChange={(d) => setMonth(d)}
      onSelect={(d, info) => info.source === "date" && setMonth(d)}
      headerRender={({ value, onChange }) => (
        // antd's own header is two unlabelled selects; this one is labelled buttons and the month's name.
        <div className="push-calendar-header">
          <Button
            aria-label="Previous month"
            icon={<LeftOutlined />}
            onClick={() => onChange(value.subtract(1, "month"))}
          />
          <Typography.Title level={2} className="push-calendar-month" aria-live="polite">
            {value.format("MMMM YYYY")}
          </Typography.Title>
          <Button
            aria-label="Next month"
            icon={<RightOutlined />}
            onClick={() => onChange(value.add(1, "month"))}
          />
          <Button onClick={() => onChange(dayjs())}>Today</Button>
        </div>
      )}
      cellRender={(d, info) => {
        if (info.type !== "date") return info.originNode;
        const items = byDay.get(d.format("YYYY-MM-DD")) ?? [];
        return (
          <ul className="push-calendar-list">
            {items.map(({ push, at }) => (
              <li key={`${push.id}:${at}`} className="push-calendar-item">
                <Badge
                  color={
                    PUSH_STATUS_COLOR[push.status] === "default" ? "gray" : PUSH_STATUS_COLOR[push.status]
                  }
                  text={
                    <button
                      type="button"
                      className="link-button"
                      disabled={!push.editable}
                      title={push.editable ? push.message : `${push.message} — ${PUSH_EDIT_RULE_MESSAGE}`}
                      onClick={() => navigate(`/apps/${appId}/push/${push.id}`)}
                    >
                      {dayjs(at).format("hh:mma")} {push.message}
                    </button>
                  }
                />
              </li>
            ))}
          </ul>
        );
      }}
    />
  );
}

function OccurrencesDrawer({
  appId,
  push,
  onClose,
}: {
  appId: string;
  push: PushRecord | null;
  onClose(): void;
}) {
  const occ = useOccurrences(appId, push?.id);
  return (
    <Drawer title="Sends" open={Boolean(push)} onClose={onClose} size={560} destroyOnHidden>
      {push ? (
        <>
          <Typography.Paragraph>{push.message}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">Total: {countsText(push.counts)}</Typography.Paragraph>
          {occ.isLoading ? (
            <Skeleton active />
          ) : occ.error ? (
            <Alert type="error" showIcon title={(occ.error as Error).message} />
          ) : (
            <Table
              aria-label="Sends of this push"
              rowKey="id"
              size="small"
              dataSource={occ.data ?? []}
              locale={{ emptyText: "Not sent yet: each send appears here with its counts." }}
              pagination={false}
              columns={[
                { key: "at", title: "Sent at", render: (_v, o) => formatDateTime(o.at) },
                { key: "state", title: "State", dataIndex: "state" },
                { key: "sent", title: "Sent", render: (_v, o) => o.counts?.sent ?? 0 },
                { key: "delivered", title: "Delivered", render: (_v, o) => o.counts?.delivered ?? 0 },
                { key: "failed", title: "Failed", render: (_v, o) => o.counts?.failed ?? 0 },
                { key: "opened", title: "Opened", render: (_v, o) => o.counts?.opened ?? 0 },
              ]}
            />
          )}
        </>
      ) : null}
    </Drawer>
  );
}
