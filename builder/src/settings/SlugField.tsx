import { Form, Input } from "antd";
import { memo, useState, useSyncExternalStore } from "react";
import { Slug, validate } from "../../../schemas/index.ts";
import { useWorkspace } from "../draft/context.tsx";

const SlugOnly = { type: "object", properties: { slug: Slug } };

/** The app's slug (App.slug, beside the definition); empty on a new app means "derived from the name". */
export const SlugField = memo(function SlugField() {
  const { slug } = useWorkspace();
  const value = useSyncExternalStore(slug.subscribe, slug.get);
  const [touched, setTouched] = useState(false);
  const error = touched && value ? validate(SlugOnly, { slug: value })[0]?.message : undefined;
  return (
    <Form layout="vertical" component="div">
      <Form.Item
        label="Slug"
        htmlFor="app-slug"
        validateStatus={error ? "error" : undefined}
        help={error}
        extra={value ? undefined : "Left empty, the slug is made from the app name"}
      >
        <Input
          id="app-slug"
          value={value}
          onChange={(e) => slug.set(e.target.value)}
          onBlur={() => setTouched(true)}
        />
      </Form.Item>
    </Form>
  );
});
