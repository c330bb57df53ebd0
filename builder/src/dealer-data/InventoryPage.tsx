import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Image,
  Input,
  InputNumber,
  Popconfirm,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useParams } from "react-router";
import type { FacetCount, InventorySearch, InventorySort, InventoryVehicle } from "../../../schemas/index.ts";
import { counted } from "../counted.ts";
import { ExportButton } from "./ExportButton.tsx";
import { ImportModal } from "./ImportModal.tsx";
import { InventoryReportSection } from "./InventoryReport.tsx";
import { cleanFilter, miles, money } from "./logic.ts";
import { useDeleteRecord, useInventorySearch } from "./queries.ts";

const PAGE_SIZE = 20;
const sorts: { value: InventorySort; label: string }[] = [
  { value: "newest", label: "Newest first" },
  { value: "price_asc", label: "Price: low to high" },
  { value: "price_desc", label: "Price: high to low" },
  { value: "year_desc", label: "Year: newest" },
  { value: "year_asc", label: "Year: oldest" },
  { value: "mileage_asc", label: "Mileage: lowest" },
];
const facetOptions = (facets: FacetCount[] | undefined) =>
  (facets ?? []).map((f) => ({ value: f.value, label: `${f.value} (${f.count})` }));
export const vehicleName = (v: Pick<InventoryVehicle, "year" | "make" | "model" | "trim">) =>
  [v.year, v.make, v.model, v.trim].filter(Boolean).join(" ") || "Vehicle";

/** /apps/{appId}/inventory: the dealer's vehicles with the widget's search, facets, paging and the CSV import. */
export function InventoryPage() {
  const { appId = "new" } = useParams();
  return (
    <div className="inventory-page">
      <Typography.Title level={1} className="page-title">
        Inventory
      </Typography.Title>
      {appId === "new" ? (
        <Result title="Save the app first" subTitle="Inventory belongs to a saved app." />
      ) : (
        <InventoryTable key={appId} appId={appId} />
      )}
    </div>
  );
}

function InventoryTable({ appId }: { appId: string }) {
  const [filter, setFilter] = useState<InventorySearch>({ sort: "newest", page: 1, pageSize: PAGE_SIZE });
  const [importing, setImporting] = useState(false);
  const [open, setOpen] = useState<InventoryVehicle | null>(null);
  const query = useMemo(() => cleanFilter(filter), [filter]);
  const results = useInventorySearch(appId, query);
  const remove = useDeleteRecord(appId, "inventory");
  const set = (patch: Partial<InventorySearch>) => setFilter((f) => ({ ...f, page: 1, ...patch }));
  const d = results.data;
  const filtered = Object.keys(query).some((k) => !["sort", "page", "pageSize"].includes(k));

  const columns: ColumnsType<InventoryVehicle> = [
    {
      key: "photo",
      title: "Photo",
      width: 90,
      render: (_, v) =>
        v.photos?.[0] ? (
          <img
            src={v.photos[0]}
            alt=""
            width={72}
            height={48}
            style={{ objectFit: "cover", borderRadius: 4 }}
          />
        ) : null,
    },
    {
      key: "vehicle",
      title: "Vehicle",
      render: (_, v) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(v)}>
          {vehicleName(v)}
        </Button>
      ),
    },
    { key: "vin", dataIndex: "vin", title: "VIN" },
    { key: "stock", dataIndex: "stockNumber", title: "Stock #" },
    { key: "price", title: "Price", align: "right", render: (_, v) => money(v.price) },
    { key: "mileage", title: "Mileage", align: "right", render: (_, v) => miles(v.mileage) },
    { key: "status", title: "Status", render: (_, v) => (v.status ? <Tag>{v.status}</Tag> : null) },
    { key: "availability", dataIndex: "availability", title: "Availability" },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Space wrap>
        <Input.Search
          aria-label="Search inventory"
          placeholder="Year, make, model, VIN or stock number"
          allowClear
          style={{ width: 320 }}
          onSearch={(search) => set({ search })}
        />
        <Select
          aria-label="Make"
          mode="multiple"
          placeholder="Make"
          style={{ minWidth: 180 }}
          value={(filter.vehicleMakes ?? []).map((m) => m.name)}
          onChange={(names: string[]) => set({ vehicleMakes: names.map((name) => ({ name })) })}
          options={(d?.facets.makes ?? []).map((m) => ({ value: m.value, label: `${m.value} (${m.count})` }))}
        />
        <Select
          aria-label="Body style"
          mode="multiple"
          placeholder="Body style"
          style={{ minWidth: 160 }}
          value={filter.bodyStyle ?? []}
          onChange={(bodyStyle: string[]) => set({ bodyStyle })}
          options={facetOptions(d?.facets.bodyStyle)}
        />
        <Select
          aria-label="Status"
          mode="multiple"
          placeholder="New, used, certified"
          style={{ minWidth: 180 }}
          value={filter.status ?? []}
          onChange={(status: string[]) => set({ status })}
          options={facetOptions(d?.facets.status)}
        />
        <InputNumber
          aria-label="Price from"
          placeholder="Price from"
          min={0}
          value={filter.priceFrom}
          onChange={(v) => set({ priceFrom: v ?? undefined })}
        />
        <InputNumber
          aria-label="Price to"
          placeholder="Price to"
          min={0}
          value={filter.priceTo}
          onChange={(v) => set({ priceTo: v ?? undefined })}
        />
        <Select
          aria-label="Sort"
          style={{ width: 190 }}
          value={filter.sort}
          onChange={(sort: InventorySort) => set({ sort })}
          options={sorts}
        />
        <Button type="primary" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
        <ExportButton appId={appId} kind="inventory" />
      </Space>
      {results.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : results.isError ? (
        <Result status="error" title={(results.error as Error).message} />
      ) : d && d.total === 0 && !filtered ? (
        <Empty
          description={
            <>
              <Typography.Text strong>No vehicles yet</Typography.Text>
              <br />
              Import your inventory feed as a CSV file, or let your dealer system send it with an integration
              key (Dealer data, Integration keys). The widget's Inventory screens show these vehicles.
            </>
          }
        >
          <Button type="primary" onClick={() => setImporting(true)}>
            Import CSV
          </Button>
        </Empty>
      ) : (
        <Table<InventoryVehicle>
          aria-label="Vehicles"
          rowKey="id"
          loading={results.isFetching}
          dataSource={d?.items ?? []}
          columns={columns}
          locale={{ emptyText: "No vehicles match these filters" }}
          pagination={{
            current: filter.page,
            pageSize: PAGE_SIZE,
            total: d?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => counted(total, "vehicle", "vehicles"),
            onChange: (page) => setFilter((f) => ({ ...f, page })),
          }}
        />
      )}
      <ImportModal appId={appId} kind="inventory" open={importing} onClose={() => setImporting(false)} />
      <InventoryReportSection appId={appId} />
      <Drawer
        title={open ? vehicleName(open) : ""}
        open={Boolean(open)}
        onClose={() => setOpen(null)}
        size="large"
        extra={
          open ? (
            <Popconfirm
              title="Delete this vehicle?"
              description="It leaves the widget's inventory; the next import or feed brings it back."
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
        {open ? <VehicleDetails v={open} /> : null}
      </Drawer>
    </Space>
  );
}

function VehicleDetails({ v }: { v: InventoryVehicle }) {
  const rows: [string, string | number | undefined][] = [
    ["VIN", v.vin],
    ["Stock number", v.stockNumber],
    ["Year", v.year],
    ["Make", v.make],
    ["Model", v.model],
    ["Trim", v.trim],
    ["Body style", v.bodyStyle],
    ["Color", v.color],
    ["Mileage", miles(v.mileage)],
    ["Price", money(v.price)],
    ["Availability", v.availability],
    ["Status", v.status],
    ["Transmission", v.transmission],
    ["Fuel", v.fuel],
    ["Location", v.location],
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      {v.photos?.length ? (
        <Image.PreviewGroup>
          <Space wrap>
            {v.photos.map((p, i) => (
              <Image key={p} src={p} width={150} alt={`Photo ${i + 1} of ${vehicleName(v)}`} />
            ))}
          </Space>
        </Image.PreviewGroup>
      ) : null}
      <Descriptions
        column={1}
        size="small"
        bordered
        items={rows.map(([label, value]) => ({ key: label, label, children: value ?? "—" }))}
      />
      {v.description ? <Typography.Paragraph>{v.description}</Typography.Paragraph> : null}
    </Space>
  );
}
