import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Drawer, Form, Select, Space } from "antd";
import { useCallback, useMemo, useState } from "react";
import { type App, type FieldError, validate } from "../../../schemas/index.ts";
import { ApiFailure, api, notify } from "../api.ts";
import { SchemaForm } from "../forms/SchemaForm.tsx";
import type { FormContext } from "../forms/types.ts";
import {
  KIND_TEXT,
  OFFER_FORM_SCHEMA,
  OFFER_FORM_UI,
  type OfferFormValue,
  serverFieldErrors,
  toFormValue,
  toInput,
} from "./logic.ts";
import { useSaveOffer } from "./queries.ts";
import type { OfferKind, OfferRecord } from "./types.ts";

const formContext: FormContext = { features: [], locations: [] };
const EDITOR_ROLES = new Set(["Owner", "Manager"]);

interface Props {
  kind: OfferKind;
  appId: string;
  /** The offer edited, or null for a new one. */
  offer: OfferRecord | null;
  open: boolean;
  onClose(): void;
}

/** Create or edit one special or promotion in a drawer; the form comes from the contract's schema. */
export function OfferDrawer({ kind, appId, offer, open, onClose }: Props) {
  const text = KIND_TEXT[kind];
  const title = offer ? `Edit ${text.one}` : `New ${text.one}`;
  return (
    <Drawer title={title} open={open} onClose={onClose} size={560} destroyOnHidden>
      {open ? <OfferForm kind={kind} appId={appId} offer={offer} onDone={onClose} /> : null}
    </Drawer>
  );
}

function OfferForm({
  kind,
  appId,
  offer,
  onDone,
}: {
  kind: OfferKind;
  appId: string;
  offer: OfferRecord | null;
  onDone(): void;
}) {
  const schema = OFFER_FORM_SCHEMA[kind];
  const [value, setValue] = useState<OfferFormValue>(() => toFormValue(offer));
  const [apps, setApps] = useState<string[]>(() => offer?.apps ?? [appId]);
  const [submitCount, setSubmitCount] = useState(0);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveOffer(appId, kind);
  const myApps = useQuery({ queryKey: ["apps"], queryFn: () => api<App[]>("/apps", { silent: true }) });

  const appOptions = useMemo(() => {
    const editable = (myApps.data ?? []).filter((a) => !a.role || EDITOR_ROLES.has(a.role));
    const options = editable.map((a) => ({
      value: a.appId,
      label: a.definition?.name || a.slug || a.appId,
      // The page's app always shows the offer (the server adds it anyway).
      disabled: a.appId === appId,
    }));
    for (const id of apps)
      if (!options.some((o) => o.value === id)) options.push({ value: id, label: id, disabled: true });
    return options;
  }, [myApps.data, apps, appId]);

  const check = useCallback(
    (v: OfferFormValue) => [...validate(schema, v), ...serverErrors],
    [schema, serverErrors],
  );
  const onChange = useCallback((next: OfferFormValue, field: string) => {
    setValue(next);
    // A server error says nothing about a value typed since: it leaves the field that changed.
    const top = field.replace(/^offer_/, "").split("_")[0];
    setServerErrors((errs) => errs.filter((e) => e.path.split("/")[1] !== top));
  }, []);

  const submit = async () => {
    setFailure(null);
    if (validate(schema, value).length) {
      setSubmitCount((n) => n + 1);
      return;
    }
    try {
      await save.mutateAsync({ id: offer?.id, input: toInput(kind, value, apps) });
      notify("success", offer ? `Saved "${value.title}"` : `Created "${value.title}"`);
      onDone();
    } catch (e) {
      const f = e as ApiFailure;
      const { fields, other } = serverFieldErrors(f instanceof ApiFailure ? f.details : undefined);
      setServerErrors(fields);
      setSubmitCount((n) => n + 1);
      setFailure(
        fields.length && !other.length
          ? null
          : [f.message, ...other.map((o) => o.message)].filter(unique).join(" "),
      );
    }
  };

  return (
    <div className="offer-form">
      <SchemaForm
        schema={schema}
        uiSchema={OFFER_FORM_UI}
        value={value}
        onChange={onChange}
        validate={check}
        submitCount={submitCount}
        context={formContext}
        idPrefix="offer"
      />
      <Form layout="vertical" component="div">
        <Form.Item
          label={<label htmlFor="offer-apps">Apps</label>}
          extra={`The apps that show this ${KIND_TEXT[kind].one}.`}
        >
          <Select
            id="offer-apps"
            mode="multiple"
            value={apps}
            options={appOptions}
            loading={myApps.isLoading}
            onChange={(v: string[]) => setApps(v.includes(appId) ? v : [appId, ...v])}
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} className="offer-form-failure" /> : null}
      <Space>
        <Button type="primary" onClick={submit} loading={save.isPending}>
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Space>
    </div>
  );
}

const unique = (v: string, i: number, all: string[]) => all.indexOf(v) === i;
