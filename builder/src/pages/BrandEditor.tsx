import { Form, Input, Typography } from "antd";
import { ImageField } from "../components/ImageField.tsx";
import { useDraft } from "./AppWorkspace.tsx";

/** /apps/{appId}/brand: name and logo. */
export function BrandEditor() {
  const draft = useDraft();
  const nameError = draft.touched.has("name") ? draft.errors.find((e) => e.path === "/name") : undefined;
  return (
    <Form layout="vertical" component="div">
      <Typography.Title level={1} style={{ fontSize: 20 }}>
        Brand
      </Typography.Title>
      <Form.Item
        label="App name"
        htmlFor="app-name"
        validateStatus={nameError ? "error" : undefined}
        help={nameError?.message}
        required
      >
        <Input
          id="app-name"
          value={draft.definition.name}
          onChange={(e) => draft.change({ name: e.target.value })}
          onBlur={() => draft.touch("name")}
          maxLength={120}
        />
      </Form.Item>
      <ImageField label="Logo" value={draft.definition.logo} onChange={(logo) => draft.change({ logo })} />
    </Form>
  );
}
