import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  Popconfirm,
  Radio,
  Result,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useMemo, useState } from "react";
import { useParams } from "react-router";
import type { StaffMemberRecord, StaffTallyNotification } from "../../../schemas/index.ts";
import { ApiFailure, notify } from "../api.ts";
import { counted } from "../counted.ts";
import { downloadWithToken } from "../leads/download.ts";
import { formatDateTime } from "../offers/logic.ts";
import { Thumbnail } from "../offers/Thumbnail.tsx";
import { ImportModal } from "./ImportModal.tsx";
import { defaultTallyRange, exportFileName, tallyQuery } from "./logic.ts";
import {
  PAGE_SIZE,
  useDeleteStaff,
  useSaveTallyNotification,
  useStaff,
  useTally,
  useTallyNotification,
  useToggleDefault,
} from "./queries.ts";
import { StaffDrawer } from "./StaffDrawer.tsx";

/** /apps/{appId}/staff: the staff directory, its CSV import and export, the tally and its e-mail. */
export function StaffPage() {
  const { appId = "new" } = useParams();
  return (
    <div className="staff-page">
      <Typography.Title level={1} className="page-title">
        Staff
      </Typography.Title>
      {appId === "new" ? (
        <Result title="Save the app first" subTitle="Staff members belong to a saved app." />
      ) : (
        <Space key={appId} orientation="vertical" size="large" style={{ width: "100%" }}>
          <StaffTable appId={appId} />
          <TallyCard appId={appId} />
          <TallyEmailCard appId={appId} />
        </Space>
      )}
    </div>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

function StaffTable({ appId }: { appId: string }) {
  const [typed, setTyped] = useState("");
  const q = useDebounced(typed.trim(), 300);
  // A new search starts at its first page.
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q, page: next });
  const staff = useStaff(appId, q, page);
  const remove = useDeleteStaff(appId);
  const toggle = useToggleDefault(appId);
  const [editing, setEditing] = useState<StaffMemberRecord | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const edit = (m: StaffMemberRecord | null) => {
    setEditing(m);
    setDrawerOpen(true);
  };
  const list = staff.data?.items ?? [];
  const total = staff.data?.total ?? 0;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadWithToken(`/apps/${appId}/staff-members/csv`, exportFileName(new Date()));
    } catch {
      // downloadWithToken has shown the reason
    } finally {
      setExporting(false);
    }
  };

  const newButton = (
    <Button type="primary" onClick={() => edit(null)}>
      New staff member
    </Button>
  );
  const importButton = <Button onClick={() => setImporting(true)}>Import CSV</Button>;

  const columns: ColumnsType<StaffMemberRecord> = [
    {
      key: "photo",
      width: 72,
      title: <span className="visually-hidden">Photo</span>,
      render: (_v, m) => <Thumbnail src={m.image} />,
    },
    { key: "name", title: "Name", dataIndex: "name" },
    { key: "title", title: "Title", render: (_v, m) => m.title ?? "" },
    { key: "department", title: "Department", render: (_v, m) => m.department ?? "" },
    { key: "phone", title: "Phone", render: (_v, m) => m.phone ?? "" },
    { key: "email", title: "Email", render: (_v, m) => m.email ?? "" },
    {
      key: "default",
      title: "Default",
      render: (_v, m) => (
        <Switch
          size="small"
          checked={m.isDefault}
          loading={toggle.isPending && toggle.variables === m.id}
          aria-label={`Default advisor: ${m.name}`}
          onChange={() => toggle.mutate(m.id)}
        />
      ),
    },
    {
      key: "actions",
      title: "Actions",
      render: (_v, m) => (
        <Space size={0} wrap>
          <Button type="link" onClick={() => edit(m)} aria-label={`Edit ${m.name}`}>
            Edit
          </Button>
          <Popconfirm
            title={`Delete ${m.name}?`}
            description="Customers who chose them keep no advisor."
            okText="Delete"
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={async () => {
              await remove.mutateAsync(m.id);
              notify("success", `Deleted ${m.name}`);
            }}
          >
            <Button type="link" danger aria-label={`Delete ${m.name}`}>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  let body: React.ReactNode;
  if (staff.isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (staff.error)
    body = (
      <Alert
        type="error"
        showIcon
        title={(staff.error as Error).message}
        action={
          <Button size="small" onClick={() => staff.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (!total && !q)
    body = (
      <Empty
        description={
          <>
            <Typography.Text strong>No staff members yet</Typography.Text>
            <br />
            Add the people customers can pick as their advisor, or import them from a CSV file.
          </>
        }
      >
        <Space>
          {newButton}
          {importButton}
        </Space>
      </Empty>
    );
  else
    body = (
      <Table<StaffMemberRecord>
        aria-label="Staff members"
        className="staff-table"
        rowKey="id"
        dataSource={list}
        columns={columns}
        loading={staff.isFetching && !staff.isLoading}
        locale={{ emptyText: <Empty description={`No staff member matches "${q}"`} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          showTotal: (n) => counted(n, "staff member", "staff members"),
          onChange: setPage,
        }}
      />
    );

  return (
    <Card title="Staff members">
      <Space wrap style={{ marginBottom: 12 }}>
        {total || q ? (
          <>
            <Input.Search
              allowClear
              aria-label="Search staff"
              placeholder="Search by name, title, department, e-mail or phone"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              style={{ width: 360 }}
            />
            {newButton}
            {importButton}
          </>
        ) : null}
        <Button onClick={exportCsv} loading={exporting} disabled={!total}>
          Export CSV
        </Button>
      </Space>
      {body}
      <StaffDrawer appId={appId} member={editing} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <ImportModal appId={appId} open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}

function TallyCard({ appId }: { appId: string }) {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const { from, to } = defaultTallyRange(new Date());
    return [dayjs(from), dayjs(to).subtract(1, "day")];
  });
  const query = useMemo(() => tallyQuery(range[0].toDate(), range[1].toDate()), [range]);
  const tally = useTally(appId, query);
  const items = tally.data?.items ?? [];
  return (
    <Card
      title="Tally"
      extra={
        <DatePicker.RangePicker
          aria-label="Tally period"
          value={range}
          allowClear={false}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
        />
      }
    >
      <Typography.Paragraph type="secondary">
        Per staff member in the period: customers who chose them as their advisor, and the leads and
        redemptions of their customers.
      </Typography.Paragraph>
      {tally.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : tally.error ? (
        <Alert type="error" showIcon title={(tally.error as Error).message} />
      ) : (
        <Table
          aria-label="Tally by staff member"
          size="small"
          rowKey="staffMemberId"
          dataSource={items}
          loading={tally.isFetching}
          pagination={items.length > 20 ? { pageSize: 20 } : false}
          locale={{
            emptyText: <Empty description="No staff members yet: the tally counts per staff member." />,
          }}
          columns={[
            { key: "name", dataIndex: "name", title: "Name" },
            { key: "customers", dataIndex: "customers", title: "Customers", align: "right" },
            { key: "leads", dataIndex: "leads", title: "Leads", align: "right" },
            { key: "redemptions", dataIndex: "redemptions", title: "Redemptions", align: "right" },
          ]}
        />
      )}
    </Card>
  );
}

function TallyEmailCard({ appId }: { appId: string }) {
  const current = useTallyNotification(appId);
  const save = useSaveTallyNotification(appId);
  const [form] = Form.useForm<StaffTallyNotification>();
  useEffect(() => {
    if (current.data)
      form.setFieldsValue({
        enabled: current.data.enabled,
        frequency: current.data.frequency,
        recipients: current.data.recipients,
      });
  }, [current.data, form]);

  const submit = async (values: StaffTallyNotification) => {
    form.setFields([{ name: "recipients", errors: [] }]);
    try {
      await save.mutateAsync({
        enabled: Boolean(values.enabled),
        frequency: values.frequency ?? "weekly",
        recipients: values.recipients ?? [],
      });
      notify("success", "Tally e-mail saved");
    } catch (e) {
      const f = e as ApiFailure;
      const details = (f instanceof ApiFailure && Array.isArray(f.details) ? f.details : []) as {
        path: string;
        message: string;
      }[];
      const onRecipients = details.filter((d) => /^\/(body\/)?recipients/.test(d.path));
      if (onRecipients.length)
        form.setFields([{ name: "recipients", errors: [...new Set(onRecipients.map((d) => d.message))] }]);
      else notify("danger", f.message);
    }
  };

  return (
    <Card title="Tally e-mail">
      {current.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : current.error ? (
        <Alert type="error" showIcon title={(current.error as Error).message} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ enabled: false, frequency: "weekly", recipients: [] }}
          style={{ maxWidth: 560 }}
        >
          <Typography.Paragraph type="secondary">
            The tally of the last week or month, e-mailed once the period has ended.
            {current.data?.lastSentAt ? ` Last sent ${formatDateTime(current.data.lastSentAt)}.` : ""}
          </Typography.Paragraph>
          <Form.Item name="enabled" label="Send the tally by e-mail" valuePropName="checked">
            <Switch aria-label="Send the tally by e-mail" />
          </Form.Item>
          <Form.Item name="frequency" label="How often">
            <Radio.Group
              options={[
                { value: "weekly", label: "Weekly (Monday)" },
                { value: "monthly", label: "Monthly (the 1st)" },
              ]}
            />
          </Form.Item>
          <Form.Item name="recipients" label="Recipients" extra="Type an address and press Enter">
            <Select
              mode="tags"
              aria-label="Recipients"
              tokenSeparators={[",", ";", " "]}
              open={false}
              suffixIcon={null}
              placeholder="manager@example.com"
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save
            </Button>
            {current.data?.enabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>}
          </Space>
        </Form>
      )}
    </Card>
  );
}
