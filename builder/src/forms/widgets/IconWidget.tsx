import type { WidgetProps } from "@rjsf/utils";
import { Button, Empty, Modal, Select, Space, Spin } from "antd";
import { useState } from "react";
import type { FormContext } from "../types.ts";
import { useIconBank } from "./useIconBank.ts";

/** spec §2 texts of the icon picker. */
export const ICON_MODAL_TITLE = "Change button icon";
export const NO_ICONS = "No Icons available";

const iconName = (url: string) => decodeURIComponent(url.split("/").pop() ?? url).replace(/\.svg$/, "");

/** The icon of a feature (or a stamp, a contact method) chosen from the icon bank. */
export function IconWidget({ id, value, onChange, onBlur, label, disabled, registry }: WidgetProps) {
  const [open, setOpen] = useState(false);
  const ctx = registry.formContext as FormContext;
  return (
    <Space>
      {value ? <img src={value} alt="" className="icon-thumb" /> : null}
      <Button
        id={id}
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label={`${label}: ${value ? "Change icon" : "Choose icon"}`}
      >
        {value ? "Change icon" : "Choose icon"}
      </Button>
      {value ? (
        <Button type="text" onClick={() => onChange(undefined)}>
          Remove icon
        </Button>
      ) : null}
      {open ? (
        <IconModal
          current={value}
          domainType={ctx.domainType}
          onCancel={() => {
            setOpen(false);
            onBlur(id, value);
          }}
          onChange={(icon) => {
            setOpen(false);
            onChange(icon);
            onBlur(id, icon);
          }}
        />
      ) : null}
    </Space>
  );
}

function IconModal({
  current,
  domainType,
  onCancel,
  onChange,
}: {
  current?: string;
  domainType?: string;
  onCancel(): void;
  onChange(icon: string): void;
}) {
  const [category, setCategory] = useState<string | undefined>();
  const [picked, setPicked] = useState<string | undefined>(current);
  const bank = useIconBank(category, domainType);
  const loading = bank.loading;
  return (
    <Modal
      open
      title={ICON_MODAL_TITLE}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button
          key="change"
          type="primary"
          // spec §4: Change stays disabled while the bank loads.
          disabled={loading || !picked}
          onClick={() => picked && onChange(picked)}
        >
          Change
        </Button>,
      ]}
    >
      <Select
        aria-label="Icon category"
        className="icon-category"
        value={bank.category}
        options={bank.categories.map((c) => ({ value: c.category, label: `${c.category} (${c.iconCount})` }))}
        onChange={setCategory}
        loading={loading}
      />
      {loading ? (
        <div className="icon-loading">
          <Spin aria-label="Loading icons" />
        </div>
      ) : bank.icons.length === 0 ? (
        <Empty description={NO_ICONS} />
      ) : (
        <div className="icon-grid" role="listbox" aria-label="Icons">
          {bank.icons.map((icon) => (
            <button
              type="button"
              key={icon}
              role="option"
              aria-selected={icon === picked}
              aria-label={iconName(icon)}
              title={iconName(icon)}
              className={icon === picked ? "icon-option selected" : "icon-option"}
              onClick={() => setPicked(icon)}
              onDoubleClick={() => onChange(icon)}
            >
              <img src={icon} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </Modal>
  );
}
