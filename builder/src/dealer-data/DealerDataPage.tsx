import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useParams } from "react-router";
import type { Deal, DealerKind, RepairOrder, ServiceContract, TaskRecord } from "../../../schemas/index.ts";
import type { ApiFailure } from "../api.ts";
import { copyText } from "../clipboard.ts";
import { formatDateTime } from "../offers/logic.ts";
import { rowErrorRows } from "../staff/logic.ts";
import { ExportButton } from "./ExportButton.tsx";
import { ImportModal } from "./ImportModal.tsx";
import { KIND_LABEL, money } from "./logic.ts";
import {
  useCreateKey,
  useDealerList,
  useDeleteRecord,
  useImports,
  useIntegrationKeys,
  useRevokeKey,
} from "./queries.ts";

type RecordKind = Exclude<DealerKind, "inventory">;
type AnyRecord = RepairOrder | Deal | ServiceContract;

/** /apps/{appId}/dealer-data: repair orders, deals, service contracts, import history and integration keys. */
export function DealerDataPage() {
  const { appId = "new" } = useParams();
  return (
    <div className="dealer-data-page">
      <Typography.Title level={1} className="page-title">
        Dealer data
      </Typography.Title>
      {appId === "new" ? (
        <Result title="Save the app first" subTitle="Dealer data belongs to a saved app." />
      ) : (
        <Tabs
          key={appId}
          items={[
            {
              key: "repair-orders",
              label: "Repair orders",
              children: <RecordsTab appId={appId} kind="repair-orders" />,
            },
            { key: "deals", label: "Deals", children: <RecordsTab appId={appId} kind="deals" /> },
            {
              key: "service-contracts",
              label: "Service contracts",
              children: <RecordsTab appId={appId} kind="service-contracts" />,
            },
            { key: "imports", label: "Imports", children: <ImportsTab appId={appId} /> },
            { key: "keys", label: "Integration keys", children: <KeysTab appId={appId} /> },
          ]}
        />
      )}
    </div>
  );
}

const customer = (r: AnyRecord) => r.customerName ?? r.email ?? r.phone ?? "—";

const columnsOf = (kind: RecordKind, open: (r: AnyRecord) => void): ColumnsType<AnyRecord> => {
  const link = (text: string, r: AnyRecord) => (
    <Button type="link" style={{ padding: 0 }} onClick={() => open(r)}>
      {text}
    </Button>
  );
  if (kind === "repair-orders")
    return [
      { key: "ro", title: "RO number", render: (_, r) => link((r as RepairOrder).roNumber, r) },
      { key: "date", title: "Date", render: (_, r) => (r as RepairOrder).date },
      { key: "customer", title: "Customer", render: (_, r) => customer(r) },
      { key: "vin", title: "VIN", render: (_, r) => r.vin ?? "—" },
      { key: "advisor", title: "Advisor", render: (_, r) => (r as RepairOrder).advisor ?? "—" },
      { key: "total", title: "Total", align: "right", render: (_, r) => money((r as RepairOrder).total) },
    ];
  if (kind === "deals")
    return [
      { key: "deal", title: "Deal number", render: (_, r) => link((r as Deal).dealNumber, r) },
      { key: "date", title: "Date", render: (_, r) => (r as Deal).date },
      { key: "customer", title: "Customer", render: (_, r) => customer(r) },
      {
        key: "vehicle",
        title: "Vehicle",
        render: (_, r) =>
          [(r as Deal).year, (r as Deal).make, (r as Deal).model].filter(Boolean).join(" ") || "—",
      },
      { key: "price", title: "Sales price", align: "right", render: (_, r) => money((r as Deal).salesPrice) },
    ];
  return [
    {
      key: "contract",
      title: "Contract number",
      render: (_, r) => link((r as ServiceContract).contractNumber, r),
    },
    { key: "product", title: "Product", render: (_, r) => (r as ServiceContract).product },
    { key: "customer", title: "Customer", render: (_, r) => customer(r) },
    {
      key: "term",
      title: "Term",
      render: (_, r) =>
        [(r as ServiceContract).startDate, (r as ServiceContract).endDate].filter(Boolean).join(" – ") || "—",
    },
    { key: "price", title: "Price", align: "right", render: (_, r) => money((r as ServiceContract).price) },
  ];
};

const emptyText: Record<RecordKind, string> = {
  "repair-orders":
    "Repair orders come from your dealer management system: import a CSV export, or let the system send them with an integration key. Customers see their own in the widget.",
  deals:
    "Deals (purchases) come from your dealer management system by CSV or with an integration key; customers see their own deal sheets.",
  "service-contracts":
    "Service contracts and additional products come by CSV or with an integration key; customers see their own under their contracts.",
};

function RecordsTab({ appId, kind }: { appId: string; kind: RecordKind }) {
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [importing, setImporting] = useState(false);
  const [open, setOpen] = useState<AnyRecord | null>(null);
  const list = useDealerList<AnyRecord>(appId, kind, q, page);
  const remove = useDeleteRecord(appId, kind);
  const d = list.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Space wrap>
        <Input.Search
          aria-label={`Search ${KIND_LABEL[kind].toLowerCase()}`}
          placeholder="Number, VIN, customer"
          allowClear
          style={{ width: 320 }}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
        <ExportButton appId={appId} kind={kind} />
      </Space>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : list.isError ? (
        <Result status="error" title={(list.error as Error).message} />
      ) : d && d.total === 0 && !q ? (
        <Empty
          description={
            <>
              <Typography.Text strong>No Records</Typography.Text>
              <br />
              {emptyText[kind]}
            </>
          }
        />
      ) : (
        <Table<AnyRecord>
          aria-label={KIND_LABEL[kind]}
          rowKey="id"
          loading={list.isFetching}
          dataSource={d?.items ?? []}
          columns={columnsOf(kind, setOpen)}
          locale={{ emptyText: "No Records" }}
          pagination={{
            current: page,
            pageSize: d?.pageSize ?? 20,
            total: d?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      )}
      <ImportModal appId={appId} kind={kind} open={importing} onClose={() => setImporting(false)} />
      <Drawer
        title={open ? `${KIND_LABEL[kind].replace(/s$/, "")} ${recordNumber(kind, open)}` : ""}
        open={Boolean(open)}
        onClose={() => setOpen(null)}
        size="large"
        extra={
          open ? (
            <Popconfirm
              title="Delete this record?"
              description="The customer no longer sees it; the next import brings it back."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                await remove.mutateAsync(open.id);
                setOpen(null);
              }}
            >
              <Button danger>Delete</Button>
            </Popconfirm>
          ) : null
        }
      >
        {open ? <RecordDetails kind={kind} r={open} /> : null}
      </Drawer>
    </Space>
  );
}

const recordNumber = (kind: RecordKind, r: AnyRecord) =>
  kind === "repair-orders"
    ? (r as RepairOrder).roNumber
    : kind === "deals"
      ? (r as Deal).dealNumber
      : (r as ServiceContract).contractNumber;

function RecordDetails({ kind, r }: { kind: RecordKind; r: AnyRecord }) {
  const common: [string, string | number | undefined][] = [
    ["Customer", r.customerName],
    ["Email", r.email],
    ["Phone", r.phone],
    ["VIN", r.vin],
    ["Location", r.location],
  ];
  const desc = (rows: [string, string | number | undefined][]) => (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={rows.map(([label, value]) => ({ key: label, label, children: value ?? "—" }))}
    />
  );
  if (kind === "repair-orders") {
    const ro = r as RepairOrder;
    return (
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        {desc([["Date", ro.date], ["Mileage", ro.mileage], ["Advisor", ro.advisor], ...common])}
        <Table
          aria-label="Lines"
          size="small"
          pagination={false}
          rowKey={(_, i) => String(i)}
          dataSource={ro.lines}
          columns={[
            { key: "d", dataIndex: "description", title: "Description" },
            { key: "l", title: "Labor", align: "right", render: (_, l) => money(l.labor) },
            { key: "p", title: "Parts", align: "right", render: (_, l) => money(l.parts) },
          ]}
        />
        {desc([
          ["Labor total", money(ro.laborTotal)],
          ["Parts total", money(ro.partsTotal)],
          ["Total", money(ro.total)],
        ])}
      </Space>
    );
  }
  if (kind === "deals") {
    const d = r as Deal;
    return (
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        {desc([
          ["Date", d.date],
          ["Vehicle", [d.year, d.make, d.model].filter(Boolean).join(" ") || undefined],
          ...common,
        ])}
        {/* The deal sheet, under the spec's headings. */}
        {desc([
          ["Term", d.term === undefined ? undefined : `${d.term} months`],
          ["Monthly payment", money(d.monthlyPayment)],
          ["Paid", money(d.paid)],
          ["Amount financed", money(d.amountFinanced)],
          ["Down payment", money(d.downPayment)],
          ["Total down", money(d.totalDown)],
          ["Sales price", money(d.salesPrice)],
          ["Total back sales", money(d.totalBackSales)],
          ["Total pickup payments", money(d.totalPickupPayments)],
          ["Aftermarket sale", money(d.aftermarketSale)],
          ["Total trade actual cash value", money(d.tradeActualCashValue)],
          ["Total", money(d.total)],
        ])}
        <Table
          aria-label="Products"
          size="small"
          pagination={false}
          rowKey={(_, i) => String(i)}
          dataSource={d.products}
          locale={{ emptyText: "No Records" }}
          columns={[
            { key: "d", dataIndex: "description", title: "Description" },
            { key: "q", dataIndex: "quantity", title: "Quantity", align: "right" },
            { key: "w", title: "Warranty", render: (_, p) => (p.warranty ? "Yes" : "No") },
            { key: "i", title: "Internal", render: (_, p) => (p.internal ? "Yes" : "No") },
          ]}
        />
      </Space>
    );
  }
  const c = r as ServiceContract;
  return desc([
    ["Product", c.product],
    ["Provider", c.provider],
    ["Start date", c.startDate],
    ["End date", c.endDate],
    ["End mileage", c.endMileage],
    ["Price", money(c.price)],
    ...common,
  ]);
}

const statusTag = (t: TaskRecord) =>
  t.status === "done" ? (
    <Tag color="green">Imported</Tag>
  ) : t.status === "failed" ? (
    <Tag color="red">Nothing imported</Tag>
  ) : (
    <Tag color="blue">{t.status === "queued" ? "Waiting" : "Running"}</Tag>
  );

function ImportsTab({ appId }: { appId: string }) {
  const imports = useImports(appId);
  if (imports.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (imports.isError) return <Result status="error" title={(imports.error as Error).message} />;
  if (!imports.data.length)
    return (
      <Empty description="No imports yet. Each CSV file imported here, and each large batch your dealer system sends, is listed with its row counts and errors." />
    );
  return (
    <Table<TaskRecord>
      aria-label="Imports"
      rowKey="id"
      dataSource={imports.data}
      pagination={{ pageSize: 20, showSizeChanger: false }}
      expandable={{
        rowExpandable: (t) => t.errors.length > 0,
        expandedRowRender: (t) => (
          <Table
            aria-label="Row errors"
            size="small"
            pagination={t.errors.length > 10 ? { pageSize: 10 } : false}
            dataSource={rowErrorRows(t.errors)}
            columns={[
              { key: "row", dataIndex: "row", title: "Row", width: 70 },
              { key: "field", dataIndex: "field", title: "Field", width: 140 },
              { key: "message", dataIndex: "message", title: "Problem" },
            ]}
          />
        ),
      }}
      columns={[
        { key: "when", title: "When", render: (_, t) => formatDateTime(t.createdAt) },
        { key: "file", title: "File", render: (_, t) => t.fileName ?? "—" },
        { key: "status", title: "Status", render: (_, t) => statusTag(t) },
        { key: "rows", title: "Rows", align: "right", render: (_, t) => t.total },
        { key: "message", title: "Result", render: (_, t) => t.message ?? "" },
      ]}
    />
  );
}

function KeysTab({ appId }: { appId: string }) {
  const keys = useIntegrationKeys(appId, true);
  const create = useCreateKey(appId);
  const revoke = useRevokeKey(appId);
  const [form] = Form.useForm<{ name: string }>();
  const [shown, setShown] = useState<string | null>(null);
  if (keys.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (keys.isError)
    return (keys.error as ApiFailure).status === 403 ? (
      <Result status="403" title="Only the app's Owners manage integration keys" />
    ) : (
      <Result status="error" title={(keys.error as Error).message} />
    );
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        A dealer system sends JSON batches to{" "}
        <Typography.Text code>POST /api/integration/{"{kind}"}</Typography.Text> (inventory, repair-orders,
        deals, service-contracts) with its key in the{" "}
        <Typography.Text code>X-Integration-Key</Typography.Text> header. Records are matched by VIN, RO, deal
        or contract number, so a nightly export can be sent again safely.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        onFinish={async ({ name }) => {
          try {
            const made = await create.mutateAsync(name);
            setShown(made.key);
            form.resetFields();
          } catch (e) {
            form.setFields([{ name: "name", errors: [(e as Error).message] }]);
          }
        }}
      >
        <Form.Item name="name" label="Key name" rules={[{ required: true, message: "Name the key" }]}>
          <Input placeholder="DMS nightly export" maxLength={100} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Create key
        </Button>
      </Form>
      {keys.data.length ? (
        <Table
          aria-label="Integration keys"
          rowKey="id"
          pagination={false}
          dataSource={keys.data}
          columns={[
            { key: "name", dataIndex: "name", title: "Name" },
            {
              key: "prefix",
              title: "Key",
              render: (_, k) => <Typography.Text code>{k.prefix}…</Typography.Text>,
            },
            { key: "created", title: "Created", render: (_, k) => formatDateTime(k.createdAt) },
            {
              key: "used",
              title: "Last used",
              render: (_, k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "Never"),
            },
            {
              key: "state",
              title: "",
              render: (_, k) =>
                k.revokedAt ? (
                  <Tag>Revoked</Tag>
                ) : (
                  <Popconfirm
                    title="Revoke this key?"
                    description="Systems using it can no longer send data."
                    okText="Revoke"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => revoke.mutateAsync(k.id)}
                  >
                    <Button danger size="small">
                      Revoke
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      ) : (
        <Empty description="No integration keys. Create one for each system that sends data, so each can be revoked alone." />
      )}
      <Modal
        title="Your new integration key"
        open={Boolean(shown)}
        destroyOnHidden
        onCancel={() => setShown(null)}
        footer={
          <Space>
            <Button onClick={() => shown && void copyText(shown)}>Copy</Button>
            <Button type="primary" onClick={() => setShown(null)}>
              Done
            </Button>
          </Space>
        }
      >
        <Alert type="warning" showIcon title="Copy it now: it is shown only once." />
        <Typography.Paragraph copyable={false} style={{ marginTop: 12 }}>
          <Typography.Text code>{shown}</Typography.Text>
        </Typography.Paragraph>
      </Modal>
    </Space>
  );
}
