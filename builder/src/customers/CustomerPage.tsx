import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { vehicleLabels } from "../../../core/vehicle-labels.ts";
import { clearedErrors, fieldErrorsOf } from "../account/logic.ts";
import { type ApiFailure, api, notify } from "../api.ts";
import { useWorkspace } from "../draft/context.tsx";
import { formatDateTime } from "../offers/logic.ts";
import {
  cleanVehicle,
  formatDate,
  pushForUser,
  type VehicleDraft,
  vehicleTitle,
  withVehicle,
} from "./logic.ts";
import type { CustomerDetail, CustomerVehicle, StaffMember } from "./types.ts";
import { readableLabels, TAG_COLOR } from "./ui.ts";

const PROFILE_FIELDS = ["name", "company", "phone", "email", "dateOfBirth", "address"] as const;

/** Everything about one customer on one page: profile, vehicles, offers used, loyalty, leads, pushes, advisor. */
export function CustomerPage() {
  const { appId = "", userId = "" } = useParams();
  const navigate = useNavigate();
  const key = ["customer", appId, userId];
  const customer = useQuery({
    queryKey: key,
    queryFn: () => api<CustomerDetail>(`/apps/${appId}/users/${userId}`, { silent: true }),
    retry: (n, e) => (e as ApiFailure).status !== 404 && n < 2,
  });
  const back = <Link to={`/apps/${appId}/customers`}>Back to customers</Link>;

  if (customer.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (customer.error) {
    const failure = customer.error as ApiFailure;
    if (failure.status === 404)
      return (
        <Result
          status="404"
          title="Customer not found"
          subTitle="This customer does not exist in this app, or was removed."
          extra={
            <Button type="primary" onClick={() => navigate(`/apps/${appId}/customers`)}>
              Back to customers
            </Button>
          }
        />
      );
    return (
      <Alert
        type="error"
        showIcon
        title={failure.message}
        action={
          <Button size="small" onClick={() => customer.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  const c = customer.data!;
  const title = c.name || c.email || c.phone || "Unnamed customer";
  return (
    <section className="customer-page" aria-labelledby="customer-title">
      {back}
      <Space style={{ width: "100%", justifyContent: "space-between", margin: "8px 0 16px" }} wrap>
        <Typography.Title level={1} id="customer-title" style={{ fontSize: 22, margin: 0 }}>
          {title} {c.hasPush ? <Tag color={TAG_COLOR.push}>Has push</Tag> : <Tag>No push</Tag>}
        </Typography.Title>
        <Button type="primary" onClick={() => navigate(pushForUser(appId, c.id))}>
          Send push
        </Button>
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ProfileCard appId={appId} customer={c} queryKey={key} />
        </Col>
        <Col xs={24} xl={12}>
          <VehiclesCard appId={appId} customer={c} queryKey={key} />
        </Col>
        <Col xs={24} xl={12}>
          <LoyaltyCard customer={c} />
        </Col>
        <Col xs={24} xl={12}>
          <AdvisorCard appId={appId} staffMemberId={c.staffMemberId} />
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Redemptions" className="customer-redemptions">
            {c.redemptions?.length ? (
              <List
                dataSource={c.redemptions}
                renderItem={(r) => (
                  <List.Item key={r.id}>
                    <List.Item.Meta
                      title={r.title ?? r.offer?.title ?? "Offer"}
                      description={formatDateTime(r.createdAt)}
                    />
                  </List.Item>
                )}
              />
            ) : (
              <Empty description="No redemptions yet: offers this customer redeems appear here" />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Leads" className="customer-leads">
            {c.leads?.length ? (
              <List
                dataSource={c.leads}
                renderItem={(l) => (
                  <List.Item key={l.id}>
                    <List.Item.Meta
                      title={l.offer?.title ?? l.form?.title ?? l.source ?? "Lead"}
                      description={[formatDateTime(l.createdAt), l.comments].filter(Boolean).join(" · ")}
                    />
                  </List.Item>
                )}
              />
            ) : (
              <Empty description="No leads yet: forms and offers this customer sends appear here" />
            )}
          </Card>
        </Col>
        <Col xs={24}>
          <Card title="Notifications sent" className="customer-notifications">
            {c.notifications?.length ? (
              <List
                dataSource={c.notifications}
                renderItem={(n) => (
                  <List.Item
                    key={n.id}
                    extra={n.opened ? <Tag color="blue">Opened</Tag> : n.read ? <Tag>Read</Tag> : null}
                  >
                    <List.Item.Meta title={n.message} description={formatDateTime(n.createdAt)} />
                  </List.Item>
                )}
              />
            ) : (
              <Empty description="No notifications sent to this customer yet" />
            )}
          </Card>
        </Col>
      </Row>
    </section>
  );
}

function ProfileCard({
  appId,
  customer,
  queryKey,
}: {
  appId: string;
  customer: CustomerDetail;
  queryKey: unknown[];
}) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      api<CustomerDetail>(`/apps/${appId}/users/${customer.id}`, {
        method: "PUT",
        body: values,
        silent: true,
      }),
    onSuccess: () => {
      notify("success", "Profile saved");
      setOpen(false);
      qc.invalidateQueries({ queryKey });
      qc.invalidateQueries({ queryKey: ["customers", appId] });
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e as ApiFailure, PROFILE_FIELDS);
      if (fields.length) form.setFields(fields);
      else setFailure((e as Error).message);
    },
  });
  const submit = (values: Record<string, unknown>) => {
    setFailure(null);
    const body: Record<string, unknown> = {};
    for (const f of PROFILE_FIELDS) {
      const v = values[f];
      if (f === "dateOfBirth") {
        if (v) body[f] = (v as dayjs.Dayjs).format("YYYY-MM-DD");
      } else if (typeof v === "string" && v.trim()) body[f] = v.trim();
    }
    save.mutate(body);
  };
  return (
    <Card
      title="Profile"
      className="customer-profile"
      extra={
        <Button
          onClick={() => {
            form.setFieldsValue({
              ...customer,
              dateOfBirth: customer.dateOfBirth ? dayjs(customer.dateOfBirth) : undefined,
            });
            setFailure(null);
            setOpen(true);
          }}
        >
          Edit profile
        </Button>
      }
    >
      <Descriptions column={1} size="small" styles={readableLabels}>
        <Descriptions.Item label="Name">{customer.name || "—"}</Descriptions.Item>
        <Descriptions.Item label="E-mail">{customer.email || "—"}</Descriptions.Item>
        <Descriptions.Item label="Phone">{customer.phone || "—"}</Descriptions.Item>
        <Descriptions.Item label="Company">{customer.company || "—"}</Descriptions.Item>
        <Descriptions.Item label="Date of birth">{formatDate(customer.dateOfBirth) || "—"}</Descriptions.Item>
        <Descriptions.Item label="Address">{customer.address || "—"}</Descriptions.Item>
        <Descriptions.Item label="Customer since">{formatDate(customer.createdAt) || "—"}</Descriptions.Item>
        <Descriptions.Item label="Last sign-in">
          {formatDateTime(customer.signedInAt ?? undefined) || "—"}
        </Descriptions.Item>
      </Descriptions>
      <Drawer
        title="Edit profile"
        open={open}
        onClose={() => setOpen(false)}
        size={480}
        extra={
          <Space>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              Save
            </Button>
          </Space>
        }
      >
        <Form
          form={form}
          layout="vertical"
          name="profile"
          onFinish={submit}
          onValuesChange={(changed) => form.setFields(clearedErrors(changed))}
        >
          <Form.Item label="Full Name" name="name">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="Email" name="email">
            <Input type="email" />
          </Form.Item>
          <Form.Item label="Phone" name="phone">
            <Input type="tel" />
          </Form.Item>
          <Form.Item label="Company" name="company">
            <Input />
          </Form.Item>
          <Form.Item label="Date of birth" name="dateOfBirth">
            <DatePicker style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item label="Address" name="address">
            <Input.TextArea rows={2} />
          </Form.Item>
          {/* Enter in a field saves, as the drawer's Save button does. */}
          <button type="submit" hidden />
        </Form>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Drawer>
    </Card>
  );
}

function VehiclesCard({
  appId,
  customer,
  queryKey,
}: {
  appId: string;
  customer: CustomerDetail;
  queryKey: unknown[];
}) {
  const { saved } = useWorkspace();
  const labels = vehicleLabels(saved?.makeModelType);
  const qc = useQueryClient();
  const [editing, setEditing] = useState<number | null>(null);
  const [form] = Form.useForm<VehicleDraft>();
  const [failure, setFailure] = useState<string | null>(null);
  const vehicles = customer.vehicles ?? [];
  const put = useMutation({
    mutationFn: (list: CustomerVehicle[]) =>
      api<unknown>(`/apps/${appId}/users/${customer.id}/vehicles`, {
        method: "PUT",
        body: list,
        silent: true,
      }),
    onSuccess: () => {
      setEditing(null);
      qc.invalidateQueries({ queryKey });
      qc.invalidateQueries({ queryKey: ["customers", appId] });
    },
  });
  const openEditor = (index: number) => {
    form.resetFields();
    form.setFieldsValue(index >= 0 ? { ...vehicles[index] } : {});
    setFailure(null);
    setEditing(index);
  };
  const submit = (values: VehicleDraft) => {
    const next = withVehicle(vehicles, editing ?? -1, cleanVehicle(values) as CustomerVehicle);
    put.mutate(next, {
      onSuccess: () => notify("success", editing != null && editing >= 0 ? "Vehicle saved" : "Vehicle added"),
      onError: (e) => {
        // Errors name the vehicle by its place in the list: /0/vin → the form's vin.
        const f = e as ApiFailure;
        const idx = editing != null && editing >= 0 ? editing : vehicles.length;
        const details = Array.isArray(f.details)
          ? (f.details as { path: string; message: string }[])
              .filter((d) => d.path.startsWith(`/${idx}/`))
              .map((d) => ({ ...d, path: d.path.slice(`/${idx}`.length) }))
          : undefined;
        const fields = fieldErrorsOf({ ...f, details }, ["make", "model", "year", "vin", "unit", "mileage"]);
        if (fields.length) form.setFields(fields);
        else setFailure(f.message);
      },
    });
  };
  return (
    <Card
      title="Vehicles"
      className="customer-vehicles"
      extra={<Button onClick={() => openEditor(-1)}>Add vehicle</Button>}
    >
      {vehicles.length ? (
        <List
          dataSource={vehicles}
          renderItem={(v, i) => {
            const name = vehicleTitle(v) || v.vin || `Vehicle ${i + 1}`;
            return (
              <List.Item
                key={`${i}-${v.vin ?? ""}`}
                actions={[
                  <Button key="edit" size="small" onClick={() => openEditor(i)} aria-label={`Edit ${name}`}>
                    Edit
                  </Button>,
                  <Popconfirm
                    key="remove"
                    title={`Remove "${name}"?`}
                    okText="Remove"
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      put.mutateAsync(vehicles.filter((_v, j) => j !== i)).then(
                        () => notify("success", "Vehicle removed"),
                        (e) => notify("danger", (e as Error).message),
                      )
                    }
                  >
                    <Button size="small" danger aria-label={`Remove ${name}`}>
                      Remove
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={<span className="vehicle-title">{name}</span>}
                  description={[
                    v.vin ? `${labels.vin}: ${v.vin}` : "",
                    v.unit ? `Unit ${v.unit}` : "",
                    v.mileage != null ? `${v.mileage.toLocaleString("en-US")} mi` : "",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                />
              </List.Item>
            );
          }}
        />
      ) : (
        <Empty description="No vehicles yet: add one, or the customer adds it in the app" />
      )}
      <Modal
        title={editing != null && editing >= 0 ? "Edit vehicle" : "Add vehicle"}
        open={editing != null}
        onCancel={() => setEditing(null)}
        okText="Save"
        confirmLoading={put.isPending}
        onOk={() => form.submit()}
        destroyOnHidden
        forceRender
      >
        <Form
          form={form}
          layout="vertical"
          name="vehicle"
          onFinish={submit}
          onValuesChange={(changed) => form.setFields(clearedErrors(changed))}
        >
          <Form.Item label={labels.year} name="year">
            <InputNumber min={1900} max={2100} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item label={labels.make} name="make">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label={labels.model} name="model">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            label={labels.vin}
            name="vin"
            rules={[{ max: 17, message: "value should be maximum 17 characters" }]}
          >
            <Input maxLength={17} />
          </Form.Item>
          <Form.Item label="Unit" name="unit">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="Mileage" name="mileage">
            <InputNumber min={0} style={{ width: "100%" }} />
          </Form.Item>
          {/* Enter in a field saves, as the dialog's Save button does. */}
          <button type="submit" hidden />
        </Form>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Modal>
    </Card>
  );
}

function LoyaltyCard({ customer }: { customer: CustomerDetail }) {
  const cards = customer.loyalty?.cards ?? [];
  // The server always answers a balance: zero points with no cards is the empty state.
  const points = customer.loyalty?.points?.balance ? customer.loyalty.points : null;
  return (
    <Card title="Stamps and points" className="customer-loyalty">
      {cards.length || points ? (
        <Space orientation="vertical" style={{ width: "100%" }}>
          {points ? <Statistic title="Points balance" value={points.balance} /> : null}
          {cards.map((card) => (
            <div key={card.id}>
              <Typography.Text strong>{card.programTitle ?? "Stamp card"}</Typography.Text>{" "}
              <span>
                {card.stamps}
                {card.required ? ` of ${card.required}` : ""} stamps
              </span>
            </div>
          ))}
        </Space>
      ) : (
        <Empty description="No stamps or points yet" />
      )}
    </Card>
  );
}

function AdvisorCard({ appId, staffMemberId }: { appId: string; staffMemberId?: string | null }) {
  const staff = useQuery({
    queryKey: ["staff-member", appId, staffMemberId],
    queryFn: () => api<StaffMember>(`/apps/${appId}/staff-members/${staffMemberId}`, { silent: true }),
    enabled: Boolean(staffMemberId),
  });
  return (
    <Card title="Advisor" className="customer-advisor">
      {!staffMemberId ? (
        <Empty description="No advisor chosen: the customer picks one in the app's staff directory" />
      ) : staff.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : staff.data ? (
        <Descriptions column={1} size="small" styles={readableLabels}>
          <Descriptions.Item label="Name">{staff.data.name}</Descriptions.Item>
          {staff.data.title ? <Descriptions.Item label="Title">{staff.data.title}</Descriptions.Item> : null}
          {staff.data.email ? <Descriptions.Item label="E-mail">{staff.data.email}</Descriptions.Item> : null}
          {staff.data.phone ? <Descriptions.Item label="Phone">{staff.data.phone}</Descriptions.Item> : null}
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">This advisor is no longer on the staff list</Typography.Text>
      )}
    </Card>
  );
}
