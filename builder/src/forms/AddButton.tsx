import { PlusOutlined } from "@ant-design/icons";
import type { IconButtonProps } from "@rjsf/utils";
import { Button } from "antd";

/**
 * RJSF's antd add button is an icon whose accessible name is the icon's ("plus-circle"); this one says
 * what it does, in words a screen reader and a test can find.
 */
export function AddButton({ id, onClick, disabled, className, title }: IconButtonProps) {
  return (
    <Button
      id={id}
      type="dashed"
      block
      onClick={onClick}
      disabled={disabled}
      className={className}
      icon={<PlusOutlined aria-hidden="true" />}
    >
      {title || "Add Item"}
    </Button>
  );
}
