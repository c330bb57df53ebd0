import { Alert, Button, Drawer, Space } from "antd";
import { useCallback, useMemo, useState } from "react";
import { type FieldError, type StaffMemberRecord, validate } from "../../../schemas/index.ts";
import { ApiFailure, notify } from "../api.ts";
import { useWorkspace } from "../draft/context.tsx";
import { SchemaForm } from "../forms/SchemaForm.tsx";
import type { FormContext } from "../forms/types.ts";
import {
  STAFF_FORM_SCHEMA,
  STAFF_FORM_UI,
  type StaffFormValue,
  serverFieldErrors,
  toFormValue,
  toInput,
} from "./logic.ts";
import { useSaveStaff } from "./queries.ts";

interface Props {
  appId: string;
  /** The member edited, or null for a new one. */
  member: StaffMemberRecord | null;
  open: boolean;
  onClose(): void;
}

/** Create or edit one staff member in a drawer; the form comes from the contract's schema. */
export function StaffDrawer({ appId, member, open, onClose }: Props) {
  return (
    <Drawer
      title={member ? `Edit ${member.name}` : "New staff member"}
      open={open}
      onClose={onClose}
      size={520}
      destroyOnHidden
    >
      {open ? <StaffForm appId={appId} member={member} onDone={onClose} /> : null}
    </Drawer>
  );
}

function StaffForm({
  appId,
  member,
  onDone,
}: {
  appId: string;
  member: StaffMemberRecord | null;
  onDone(): void;
}) {
  const { saved } = useWorkspace();
  const context: FormContext = useMemo(
    () => ({ features: [], locations: (saved?.locations ?? []) as { id: string; name?: string }[] }),
    [saved],
  );
  const [value, setValue] = useState<StaffFormValue>(() => toFormValue(member));
  const [submitCount, setSubmitCount] = useState(0);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveStaff(appId);

  const check = useCallback(
    (v: StaffFormValue) => [...validate(STAFF_FORM_SCHEMA, v), ...serverErrors],
    [serverErrors],
  );
  const onChange = useCallback((next: StaffFormValue, field: string) => {
    setValue(next);
    // A server error says nothing about a value typed since: it leaves the field that changed.
    const top = field.replace(/^staff_/, "").split("_")[0];
    setServerErrors((errs) => errs.filter((e) => e.path.split("/")[1] !== top));
  }, []);

  const submit = async () => {
    setFailure(null);
    if (validate(STAFF_FORM_SCHEMA, value).length) {
      setSubmitCount((n) => n + 1);
      return;
    }
    const input = toInput(value, member);
    try {
      await save.mutateAsync({ id: member?.id, input });
      notify("success", member ? `Saved ${input.name}` : `Added ${input.name}`);
      onDone();
    } catch (e) {
      const f = e as ApiFailure;
      const { fields, other } = serverFieldErrors(f instanceof ApiFailure ? f.details : undefined);
      setServerErrors(fields);
      setSubmitCount((n) => n + 1);
      setFailure(
        fields.length && !other.length ? null : [f.message, ...other.map((o) => o.message)].join(" "),
      );
    }
  };

  return (
    <div className="staff-form">
      <SchemaForm
        schema={STAFF_FORM_SCHEMA}
        uiSchema={STAFF_FORM_UI}
        value={value}
        onChange={onChange}
        validate={check}
        submitCount={submitCount}
        context={context}
        idPrefix="staff"
      />
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} /> : null}
      <Space>
        <Button type="primary" onClick={submit} loading={save.isPending}>
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Space>
    </div>
  );
}
