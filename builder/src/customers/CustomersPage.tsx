import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Button, Input, InputNumber, Select, Skeleton, Space, Table, Tag, Typography } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { vehicleLabels } from "../../../core/vehicle-labels.ts";
import { api } from "../api.ts";
import { counted } from "../counted.ts";
import { useWorkspace } from "../draft/context.tsx";
import {
  type CustomerQuery,
  customerQueryString,
  formatDate,
  hasFilters,
  PAGE_SIZES,
  parseCustomerQuery,
  pushForSearch,
  type SortField,
  searchBody,
} from "./logic.ts";
import type { CustomerPage, CustomerRow } from "./types.ts";
import { TAG_COLOR } from "./ui.ts";
import { useDebounced } from "./useDebounced.ts";

/** The app's customers (end users): server-side search, filters, sorting and paging; state in the URL. */
export function CustomersPage() {
  const { appId = "" } = useParams();
  const { saved } = useWorkspace();
  const labels = vehicleLabels(saved?.makeModelType);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseCustomerQuery(params), [params]);
  const update = (patch: Partial<CustomerQuery>) => {
    const next = { ...query, page: 1, ...patch };
    setParams(new URLSearchParams(customerQueryString(next)), { replace: true });
  };

  // The text boxes search as the user types, once typing pauses.
  const [typed, setTyped] = useState({ term: query.term, make: query.make, model: query.model });
  const settled = useDebounced(typed, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the typed text searches.
  useEffect(() => {
    if (settled.term !== query.term || settled.make !== query.make || settled.model !== query.model)
      update(settled);
  }, [settled]);

  const body = searchBody(query);
  const result = useQuery({
    queryKey: ["customers", appId, body],
    queryFn: () => api<CustomerPage>(`/apps/${appId}/users/search`, { method: "POST", body, silent: true }),
    placeholderData: keepPreviousData,
  });

  const sortOrder = (field: SortField) => (query.sort?.field === field ? query.sort.order : null);
  const empty =
    query.term.trim() || hasFilters(query)
      ? "No customers match this search"
      : "No customers yet: people who sign in to the app appear here";

  return (
    <section className="customers-page" aria-labelledby="customers-title">
      <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
        <Typography.Title level={1} id="customers-title" style={{ fontSize: 22 }}>
          Customers
        </Typography.Title>
        <Button type="primary" onClick={() => navigate(pushForSearch(appId, query.term))}>
          Send push
        </Button>
      </Space>
      <Space wrap style={{ marginBottom: 12 }} className="customers-filters">
        <Input.Search
          aria-label="Search customers"
          placeholder="Name, e-mail, phone or VIN"
          allowClear
          value={typed.term}
          onChange={(e) => setTyped((t) => ({ ...t, term: e.target.value }))}
          onSearch={(v) => {
            setTyped((t) => ({ ...t, term: v }));
            update({ term: v });
          }}
          style={{ width: 280 }}
        />
        <Input
          aria-label={labels.make}
          placeholder={labels.make}
          allowClear
          value={typed.make}
          onChange={(e) => setTyped((t) => ({ ...t, make: e.target.value }))}
          style={{ width: 140 }}
        />
        <Input
          aria-label={labels.model}
          placeholder={labels.model}
          allowClear
          value={typed.model}
          onChange={(e) => setTyped((t) => ({ ...t, model: e.target.value }))}
          style={{ width: 140 }}
        />
        <InputNumber
          aria-label={`${labels.year} from`}
          placeholder={`${labels.year} from`}
          min={1900}
          max={2100}
          value={query.yearFrom ?? null}
          onChange={(v) => update({ yearFrom: v ?? undefined })}
          style={{ width: 110 }}
        />
        <InputNumber
          aria-label={`${labels.year} to`}
          placeholder={`${labels.year} to`}
          min={1900}
          max={2100}
          value={query.yearTo ?? null}
          onChange={(v) => update({ yearTo: v ?? undefined })}
          style={{ width: 110 }}
        />
        <Select
          aria-label="Push"
          value={query.hasPush == null ? "any" : query.hasPush ? "yes" : "no"}
          onChange={(v) => update({ hasPush: v === "any" ? undefined : v === "yes" })}
          options={[
            { value: "any", label: "Push: any" },
            { value: "yes", label: "Has push" },
            { value: "no", label: "No push" },
          ]}
          style={{ width: 130 }}
        />
        {hasFilters(query) || query.term ? (
          <Button
            onClick={() => {
              setTyped({ term: "", make: "", model: "" });
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            Clear
          </Button>
        ) : null}
      </Space>
      {result.error ? (
        <Alert
          type="error"
          showIcon
          title={(result.error as Error).message}
          action={
            <Button size="small" onClick={() => result.refetch()}>
              Retry
            </Button>
          }
        />
      ) : result.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} className="customers-loading" />
      ) : (
        <Table<CustomerRow>
          className="customers-table"
          rowKey="id"
          size="middle"
          loading={result.isFetching}
          dataSource={result.data?.items ?? []}
          locale={{ emptyText: empty }}
          scroll={{ x: 1100 }}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: result.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => counted(total, "customer", "customers"),
          }}
          onChange={(pagination, _filters, sorter) => {
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<CustomerRow>;
            const field = s?.order ? (s.columnKey as SortField) : undefined;
            const sort = field && s.order ? { field, order: s.order } : undefined;
            const sortChanged = JSON.stringify(sort) !== JSON.stringify(query.sort);
            update({
              page: sortChanged ? 1 : (pagination.current ?? 1),
              pageSize: pagination.pageSize ?? query.pageSize,
              sort,
            });
          }}
          columns={[
            {
              key: "name",
              title: "Name",
              sorter: true,
              sortOrder: sortOrder("name"),
              render: (_v, r) => (
                <Link to={`/apps/${appId}/customers/${r.id}`} className="customer-link">
                  {r.name || r.email || r.phone || "Unnamed customer"}
                </Link>
              ),
            },
            {
              key: "email",
              title: "E-mail",
              sorter: true,
              sortOrder: sortOrder("email"),
              dataIndex: "email",
            },
            { key: "phone", title: "Phone", dataIndex: "phone" },
            {
              key: "make",
              title: labels.make,
              sorter: true,
              sortOrder: sortOrder("make"),
              render: (_v, r) => r.vehicle?.make ?? "",
            },
            { key: "model", title: labels.model, render: (_v, r) => r.vehicle?.model ?? "" },
            {
              key: "year",
              title: labels.year,
              sorter: true,
              sortOrder: sortOrder("year"),
              render: (_v, r) => r.vehicle?.year ?? "",
            },
            {
              key: "vin",
              title: labels.vin,
              render: (_v, r) =>
                r.vehicle?.vin ? (
                  <span>
                    {r.vehicle.vin}
                    {(r.vehicleCount ?? 0) > 1 ? (
                      <Tag style={{ marginLeft: 6 }}>+{(r.vehicleCount ?? 1) - 1}</Tag>
                    ) : null}
                  </span>
                ) : (
                  ""
                ),
            },
            {
              key: "signedInAt",
              title: "Signed in",
              sorter: true,
              sortOrder: sortOrder("signedInAt"),
              render: (_v, r) => formatDate(r.signedInAt),
            },
            {
              key: "hasPush",
              title: "Push",
              render: (_v, r) =>
                r.hasPush ? <Tag color={TAG_COLOR.push}>Has push</Tag> : <Tag>No push</Tag>,
            },
          ]}
        />
      )}
    </section>
  );
}
