import { Typography } from "antd";
import { ImageField } from "../components/ImageField.tsx";
import { useDraft } from "./AppWorkspace.tsx";

/** /apps/{appId}/cover: the cover image. */
export function CoverEditor() {
  const draft = useDraft();
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 20 }}>
        Cover
      </Typography.Title>
      <ImageField
        label="Cover"
        value={draft.definition.cover}
        onChange={(cover) => draft.change({ cover })}
      />
    </div>
  );
}
