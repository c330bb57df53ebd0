import { Form, Input } from "antd";
import { useFieldRules } from "../validation.ts";

/** A new password and its confirmation, checked with the shared rules (sign-up and reset use them). */
export function NewPasswordFields({ autoFocus = false }: { autoFocus?: boolean }) {
  const rules = useFieldRules();
  return (
    <>
      <Form.Item label="Password" name="password" rules={rules.password}>
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        name="confirm"
        dependencies={["password"]}
        rules={rules.passwordConfirm}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
