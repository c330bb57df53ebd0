import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Card, Form, Input, InputNumber, Skeleton, Space, Switch } from "antd";
import { useEffect, useState } from "react";
import { ApiFailure, api, notify } from "../api.ts";
import { programFromForm } from "./logic.ts";
import type { PointsProgram } from "./types.ts";

const LIMITS = [
  { name: "expiryDays", label: "Points expire after (days)" },
  { name: "balanceLimit", label: "Balance limit" },
  { name: "dailyCap", label: "Daily earning cap" },
  { name: "monthlyCap", label: "Monthly earning cap" },
  { name: "annualCap", label: "Annual earning cap" },
  { name: "maxPerVisit", label: "Maximum per visit" },
] as const;

const newId = () => crypto.randomUUID();

/** The app's points program: conversion, expiry, limits, milestones and rewards (GET|PUT points-program). */
export function PointsProgramCard({ appId }: { appId: string }) {
  const qc = useQueryClient();
  const key = ["points-program", appId];
  const program = useQuery({
    queryKey: key,
    queryFn: () => api<PointsProgram>(`/apps/${appId}/points-program`, { silent: true }),
  });
  const [form] = Form.useForm();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (program.data) form.setFieldsValue(program.data);
  }, [program.data, form]);
  const save = useMutation({
    mutationFn: (p: PointsProgram) =>
      api<PointsProgram>(`/apps/${appId}/points-program`, { method: "PUT", body: p, silent: true }),
    onSuccess: (p) => {
      qc.setQueryData(key, p);
      setFailure(null);
      notify("success", "Points program saved");
    },
    onError: (e) => {
      const f = e as ApiFailure;
      // Field errors go on their fields; the rest above the Save button. Nothing typed is reset.
      const details = f instanceof ApiFailure && Array.isArray(f.details) ? f.details : [];
      const onFields = details
        .filter((d: any) => typeof d?.path === "string")
        .map((d: any) => ({
          name: d.path
            .replace(/^\/body/, "")
            .split("/")
            .filter(Boolean)
            .map((s: string) => (/^\d+$/.test(s) ? Number(s) : s)),
          errors: [d.message],
        }));
      if (onFields.length) form.setFields(onFields);
      setFailure(f.message);
    },
  });

  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Points program</h2>}>
      {program.isLoading ? <Skeleton active /> : null}
      {program.error ? (
        <Alert
          type="error"
          showIcon
          title={(program.error as Error).message}
          action={
            <Button size="small" onClick={() => program.refetch()}>
              Retry
            </Button>
          }
        />
      ) : null}
      {program.data ? (
        <Form
          form={form}
          layout="vertical"
          name="points-program"
          initialValues={program.data}
          // Every value, the rows' ids too (they have no input of their own).
          onFinish={() => save.mutate(programFromForm(form.getFieldsValue(true), newId))}
        >
          <Form.Item name="enabled" label="Points program on" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="conversionRate"
            label="Value of one point (cents)"
            extra="1 means loyalty dollars: one point is worth one cent."
            rules={[{ required: true, message: "The value of a point is required" }]}
          >
            <InputNumber min={0.0001} step={0.01} style={{ width: 200 }} />
          </Form.Item>
          <Space wrap size="middle">
            {LIMITS.map((l) => (
              <Form.Item key={l.name} name={l.name} label={l.label} extra="Empty: no limit">
                <InputNumber min={1} precision={0} style={{ width: 180 }} />
              </Form.Item>
            ))}
          </Space>
          <ListEditor
            name="milestones"
            title="Milestones"
            addLabel="Add milestone"
            fields={[
              { name: "points", label: "Points", number: true },
              { name: "title", label: "Milestone" },
            ]}
          />
          <ListEditor
            name="rewards"
            title="Rewards"
            addLabel="Add reward"
            fields={[
              { name: "title", label: "Reward" },
              { name: "points", label: "Points", number: true },
              { name: "description", label: "Description", optional: true },
            ]}
          />
          <Form.Item name="terms" label="Terms">
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} /> : null}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save program
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

/** An editable list of rows (milestones, rewards): add, change, remove. */
function ListEditor({
  name,
  title,
  addLabel,
  fields,
}: {
  name: string;
  title: string;
  addLabel: string;
  fields: { name: string; label: string; number?: boolean; optional?: boolean }[];
}) {
  return (
    <fieldset className="list-editor" style={{ border: 0, padding: 0, margin: "0 0 16px" }}>
      <legend style={{ fontSize: 16, fontWeight: 600 }}>{title}</legend>
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, i) => (
              <Space key={row.key} align="baseline" wrap>
                {fields.map((f) => (
                  <Form.Item
                    key={f.name}
                    name={[row.name, f.name]}
                    label={`${f.label} ${i + 1}`}
                    rules={f.optional ? [] : [{ required: true, message: `${f.label} is required` }]}
                  >
                    {f.number ? <InputNumber min={1} precision={0} /> : <Input maxLength={200} />}
                  </Form.Item>
                ))}
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={`Remove ${title.toLowerCase().replace(/s$/, "")} ${i + 1}`}
                  onClick={() => remove(row.name)}
                />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ id: newId() })}>
              {addLabel}
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
