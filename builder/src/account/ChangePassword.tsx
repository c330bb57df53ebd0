import { Alert, Button, Card, Form, Input, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { messages } from "../../../schemas/index.ts";
import { type ApiFailure, api } from "../api.ts";
import { useFieldRules } from "../validation.ts";
import { clearedErrors, fieldErrorsOf, PASSWORD_RULES } from "./logic.ts";

interface Values {
  password: string;
  newPassword: string;
  confirm: string;
}

/** The signed-in user changes their password: the current one proves it is them (PUT /accounts/change-password). */
export function ChangePassword() {
  const [form] = Form.useForm<Values>();
  const rules = useFieldRules();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (v: Values) => {
    setBusy(true);
    setFailure(null);
    setDone(false);
    try {
      await api<true>("/accounts/change-password", {
        method: "PUT",
        body: { password: v.password, newPassword: v.newPassword },
        silent: true,
        keep401: true,
      });
      form.resetFields();
      setDone(true);
    } catch (e) {
      const fields = fieldErrorsOf(e as ApiFailure, ["password", "newPassword"], {
        WrongPassword: "password",
      });
      if (fields.length) form.setFields(fields);
      else setFailure((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card style={{ maxWidth: 480, margin: "24px auto" }}>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        Change password
      </Typography.Title>
      {done ? (
        <Alert
          type="success"
          showIcon
          title="Your password was changed. Other sessions were signed out."
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        name="change-password"
        onFinish={submit}
        onValuesChange={(changed) => form.setFields(clearedErrors(changed))}
        requiredMark={false}
      >
        <Form.Item label="Current password" name="password" rules={rules.required}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="New password"
          name="newPassword"
          extra={PASSWORD_RULES}
          rules={[
            ...rules.required,
            {
              validator: async (_r, value: string) => {
                if (value && value.length < 6) throw new Error(messages.min(6));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={["newPassword"]}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, value: string) => {
                if (value !== getFieldValue("newPassword")) throw new Error(messages.passwordConfirm);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" htmlType="submit" loading={busy}>
          Change password
        </Button>{" "}
        <Link to="/apps">Back to apps</Link>
      </Form>
    </Card>
  );
}
