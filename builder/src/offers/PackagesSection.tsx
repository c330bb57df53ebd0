import { Type } from "@sinclair/typebox";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Drawer,
  Empty,
  Form,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import { useCallback, useState } from "react";
import { Coupon, type FieldError, Timeframe, validate } from "../../../schemas/index.ts";
import { ApiFailure, api, notify } from "../api.ts";
import { SchemaForm } from "../forms/SchemaForm.tsx";
import type { FormContext } from "../forms/types.ts";
import { formatDateTime, offerStatus, STATUS_COLOR, serverFieldErrors } from "./logic.ts";
import { useOffers } from "./queries.ts";
import { Thumbnail } from "./Thumbnail.tsx";
import type { SpecialPackage, SpecialPackageInput } from "./types.ts";

const formContext: FormContext = { features: [], locations: [] };

/** A package's own fields; the specials in it are picked beside the form. */
const PACKAGE_SCHEMA = Type.Object(
  {
    title: Coupon.properties.title,
    description: Coupon.properties.description,
    image: Coupon.properties.image,
    timeframe: Type.Optional({ ...Timeframe, title: "Dates" }),
  },
  { additionalProperties: false },
);
const PACKAGE_UI = {
  "ui:order": ["title", "description", "image", "timeframe"],
  description: { "ui:widget": "textarea" },
  image: { "ui:widget": "image" },
};

interface PackageFormValue {
  title?: string;
  description?: string;
  image?: string;
  timeframe?: { from?: string; to?: string };
}

const packagesKey = (appId: string) => ["special-packages", appId];

/** Special packages: named bundles of the app's specials shown as one offer. */
export function PackagesSection({ appId }: { appId: string }) {
  const qc = useQueryClient();
  const packages = useQuery({
    queryKey: packagesKey(appId),
    queryFn: () => api<SpecialPackage[]>(`/apps/${appId}/special-packages`, { silent: true }),
  });
  const coupons = useOffers(appId, "coupons");
  const [editing, setEditing] = useState<SpecialPackage | null>(null);
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: (id: string) => api<true>(`/apps/${appId}/special-packages/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: packagesKey(appId) }),
  });
  const titleOf = (id: string) => coupons.data?.find((c) => c.id === id)?.title ?? id;
  const startNew = () => {
    setEditing(null);
    setOpen(true);
  };
  const newButton = <Button onClick={startNew}>New package</Button>;

  let body: React.ReactNode;
  if (packages.isLoading) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (packages.error)
    body = (
      <Alert
        type="error"
        showIcon
        title={(packages.error as Error).message}
        action={
          <Button size="small" onClick={() => packages.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (!packages.data?.length) body = <Empty description="No special packages yet">{newButton}</Empty>;
  else
    body = (
      <>
        <div className="offers-toolbar" style={{ marginBottom: 12 }}>
          {newButton}
        </div>
        <Table<SpecialPackage>
          rowKey="id"
          pagination={false}
          dataSource={packages.data}
          columns={[
            {
              key: "image",
              width: 72,
              title: <span className="visually-hidden">Image</span>,
              render: (_v, p) => <Thumbnail src={p.image} />,
            },
            { key: "title", title: "Title", dataIndex: "title" },
            {
              key: "status",
              title: "Status",
              render: (_v, p) => {
                const s = p.status ?? offerStatus(p, Date.now());
                return <Tag color={STATUS_COLOR[s]}>{s}</Tag>;
              },
            },
            {
              key: "dates",
              title: "Dates",
              render: (_v, p) =>
                p.from || p.to
                  ? `${formatDateTime(p.from) || "Open"} – ${formatDateTime(p.to) || "Open"}`
                  : "Always",
            },
            { key: "specials", title: "Specials", render: (_v, p) => p.couponIds.map(titleOf).join(", ") },
            {
              key: "actions",
              title: "Actions",
              render: (_v, p) => (
                <Space size={0}>
                  <Button
                    type="link"
                    aria-label={`Edit ${p.title}`}
                    onClick={() => {
                      setEditing(p);
                      setOpen(true);
                    }}
                  >
                    Edit
                  </Button>
                  <Popconfirm
                    title={`Delete "${p.title}"?`}
                    description="The specials in it stay."
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(p.id)}
                  >
                    <Button type="link" danger aria-label={`Delete ${p.title}`}>
                      Delete
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </>
    );

  return (
    <section aria-label="Special packages" className="packages-section">
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 32 }}>
        Special packages
      </Typography.Title>
      {body}
      <Drawer
        title={editing ? "Edit package" : "New package"}
        open={open}
        onClose={() => setOpen(false)}
        size={560}
        destroyOnHidden
      >
        {open ? (
          <PackageForm
            appId={appId}
            pkg={editing}
            coupons={(coupons.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
            onDone={() => setOpen(false)}
          />
        ) : null}
      </Drawer>
    </section>
  );
}

function PackageForm({
  appId,
  pkg,
  coupons,
  onDone,
}: {
  appId: string;
  pkg: SpecialPackage | null;
  coupons: { value: string; label: string }[];
  onDone(): void;
}) {
  const qc = useQueryClient();
  const [value, setValue] = useState<PackageFormValue>(() => ({
    ...(pkg?.title !== undefined ? { title: pkg.title } : {}),
    ...(pkg?.description ? { description: pkg.description } : {}),
    ...(pkg?.image ? { image: pkg.image } : {}),
    ...(pkg?.from || pkg?.to
      ? { timeframe: { ...(pkg.from ? { from: pkg.from } : {}), ...(pkg.to ? { to: pkg.to } : {}) } }
      : {}),
  }));
  const [couponIds, setCouponIds] = useState<string[]>(() => pkg?.couponIds ?? []);
  const [submitCount, setSubmitCount] = useState(0);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: SpecialPackageInput) =>
      pkg
        ? api<SpecialPackage>(`/apps/${appId}/special-packages/${pkg.id}`, {
            method: "PUT",
            body: input,
            silent: true,
          })
        : api<SpecialPackage>(`/apps/${appId}/special-packages`, {
            method: "POST",
            body: input,
            silent: true,
          }),
    onSuccess: () => qc.invalidateQueries({ queryKey: packagesKey(appId) }),
  });
  const check = useCallback(
    (v: PackageFormValue) => [...validate(PACKAGE_SCHEMA, v), ...serverErrors],
    [serverErrors],
  );
  const onChange = useCallback((next: PackageFormValue, field: string) => {
    setValue(next);
    const top = field.replace(/^package_/, "").split("_")[0];
    setServerErrors((errs) => errs.filter((e) => e.path.split("/")[1] !== top));
  }, []);
  const submit = async () => {
    setFailure(null);
    if (validate(PACKAGE_SCHEMA, value).length) {
      setSubmitCount((n) => n + 1);
      return;
    }
    const input: SpecialPackageInput = { title: value.title ?? "", couponIds };
    if (value.description) input.description = value.description;
    if (value.image) input.image = value.image;
    if (value.timeframe?.from) input.from = value.timeframe.from;
    if (value.timeframe?.to) input.to = value.timeframe.to;
    try {
      await save.mutateAsync(input);
      notify("success", pkg ? `Saved "${input.title}"` : `Created "${input.title}"`);
      onDone();
    } catch (e) {
      const { fields, other } = serverFieldErrors(e instanceof ApiFailure ? e.details : undefined);
      setServerErrors(fields);
      setSubmitCount((n) => n + 1);
      setFailure(
        fields.length && !other.length
          ? null
          : [(e as Error).message, ...other.map((o) => o.message)].join(" "),
      );
    }
  };
  return (
    <div className="package-form">
      <SchemaForm
        schema={PACKAGE_SCHEMA}
        uiSchema={PACKAGE_UI}
        value={value}
        onChange={onChange}
        validate={check}
        submitCount={submitCount}
        context={formContext}
        idPrefix="package"
      />
      <Form layout="vertical" component="div">
        <Form.Item
          label={<label htmlFor="package-specials">Specials in the package</label>}
          extra="In the order picked."
        >
          <Select
            id="package-specials"
            mode="multiple"
            value={couponIds}
            onChange={setCouponIds}
            options={coupons}
            showSearch={{ optionFilterProp: "label" }}
            notFoundContent="Create specials first"
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} /> : null}
      <Space>
        <Button type="primary" onClick={submit} loading={save.isPending}>
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Space>
    </div>
  );
}
