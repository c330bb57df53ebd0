import { Button, Modal, Typography } from "antd";
import type { App } from "../../../schemas/index.ts";

/**
 * A 409 on save: someone saved this app after it was loaded. Both edits are kept until the user picks one;
 * whichever loses stays reachable (theirs on the server as the previous version, mine one undo away).
 */
export function ConflictDialog({
  theirs,
  onKeepMine,
  onReloadTheirs,
}: {
  theirs: App | null;
  onKeepMine(): void;
  onReloadTheirs(): void;
}) {
  return (
    <Modal
      open={Boolean(theirs)}
      title="This app was changed by someone else"
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="theirs" onClick={onReloadTheirs}>
          Reload theirs
        </Button>,
        <Button key="mine" type="primary" onClick={onKeepMine}>
          Keep mine
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        Version {theirs?.version} was saved while you were editing. Choose which one to keep.
      </Typography.Paragraph>
      <Typography.Paragraph>
        <strong>Reload theirs</strong> shows their version; your changes stay one undo (Ctrl+Z) away.
      </Typography.Paragraph>
      <Typography.Paragraph>
        <strong>Keep mine</strong> saves your version on top of theirs.
      </Typography.Paragraph>
    </Modal>
  );
}
