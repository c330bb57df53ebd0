import { SearchOutlined } from "@ant-design/icons";
import type { WidgetProps } from "@rjsf/utils";
import { Button, Empty, Input, Modal, Select, Space, Spin } from "antd";
import { useDeferredValue, useState } from "react";
import type { FormContext } from "../types.ts";
import { useIconBank, useIconSearch } from "./useIconBank.ts";

/** spec §2 texts of the icon picker. */
export const ICON_MODAL_TITLE = "Change button icon";
export const NO_ICONS = "No Icons available";

export const iconName = (url: string) =>
  decodeURIComponent(url.split("/").pop() ?? url).replace(/\.svg$/, "");

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
  const [text, setText] = useState("");
  const bank = useIconBank(category, domainType);
  // Typing searches every category the app sees; the list follows once typing pauses long enough to render.
  const found = useIconSearch(useDeferredValue(text), domainType);
  const loading = bank.loading || found.loading;
  const icons = found.searching ? found.icons : bank.icons;
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
      <Input
        className="icon-search"
        aria-label="Search icons"
        placeholder="Search icons, e.g. car, phone, gift"
        prefix={<SearchOutlined aria-hidden="true" />}
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Select
        aria-label="Icon category"
        disabled={found.searching}
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
      ) : icons.length === 0 ? (
        <Empty description={found.searching ? `No icon matches “${text.trim()}”` : NO_ICONS} />
      ) : (
        <div className="icon-grid" role="listbox" aria-label="Icons">
          {icons.map((icon) => (
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
