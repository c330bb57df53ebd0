import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  Radio,
  Select,
  Skeleton,
  Space,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { type App, type FieldError, validate } from "../../../schemas/index.ts";
import { ApiFailure, api, notify } from "../api.ts";
import { SchemaForm } from "../forms/SchemaForm.tsx";
import type { FormContext } from "../forms/types.ts";
import { useAudienceChoices } from "../push/queries.ts";
import {
  END_MODE_LABELS,
  errorAt,
  fromMetres,
  GEOFENCE_FORM_SCHEMA,
  GEOFENCE_FORM_UI,
  type GeofenceForm,
  type GeofenceFormValue,
  type GeofenceRecord,
  type LocationValue,
  locationErrors,
  parseLocation,
  type RecurrenceValue,
  recurrenceErrors,
  recurrenceOptions,
  serverFieldErrors,
  startErrors,
  TILE_URL,
  toForm,
  toInput,
  toMetres,
  UNIT_LABELS,
} from "./logic.ts";
import { MapBoundary } from "./MapBoundary.tsx";
import { useSaveGeofence } from "./queries.ts";

// Leaflet and its CSS load with the editor only, in their own chunk.
const GeofenceMap = lazy(() => import("./GeofenceMap.tsx"));

const EDITOR_ROLES = new Set(["Owner", "Manager"]);

interface Props {
  appId: string;
  /** The geofence edited, or null for a new one. */
  geofence: GeofenceRecord | null;
  open: boolean;
  onClose(): void;
}

export function GeofenceDrawer({ appId, geofence, open, onClose }: Props) {
  return (
    <Drawer
      title={geofence ? "Edit geofence" : "New geofence"}
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
    >
      {open ? <GeofenceEditor appId={appId} geofence={geofence} onDone={onClose} /> : null}
    </Drawer>
  );
}

function GeofenceEditor({
  appId,
  geofence,
  onDone,
}: {
  appId: string;
  geofence: GeofenceRecord | null;
  onDone(): void;
}) {
  const [form, setForm] = useState<GeofenceForm>(() => toForm(geofence, appId));
  const [submitCount, setSubmitCount] = useState(0);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const save = useSaveGeofence(appId);
  // The locations the filter offers: those of the apps the geofence runs in.
  const choices = useAudienceChoices(appId, form.apps);
  const formContext: FormContext = useMemo(
    () => ({
      features: [],
      locations: (choices.data?.locations ?? []).map((l) => ({ id: l.id, name: l.name })),
    }),
    [choices.data],
  );
  const myApps = useQuery({ queryKey: ["apps"], queryFn: () => api<App[]>("/apps", { silent: true }) });

  const appOptions = useMemo(() => {
    const editable = (myApps.data ?? []).filter((a) => !a.role || EDITOR_ROLES.has(a.role));
    const options = editable.map((a) => ({
      value: a.appId,
      label: a.definition?.name || a.slug || a.appId,
      // The page's app always has the geofence.
      disabled: a.appId === appId,
    }));
    for (const id of form.apps)
      if (!options.some((o) => o.value === id)) options.push({ value: id, label: id, disabled: true });
    return options;
  }, [myApps.data, form.apps, appId]);

  const dropServerErrors = (prefix: string) =>
    setServerErrors((errs) => errs.filter((e) => e.path !== prefix && !e.path.startsWith(`${prefix}/`)));

  const check = useCallback(
    (v: GeofenceFormValue) =>
      [
        ...validate(GEOFENCE_FORM_SCHEMA, v),
        ...startErrors(v, { type: form.recurrence.type }),
        ...serverErrors.filter((e) => !/^\/(location|recurrence|apps)(\/|$)/.test(e.path)),
      ].filter((e, i, all) => all.findIndex((o) => o.path === e.path && o.message === e.message) === i),
    [serverErrors, form.recurrence.type],
  );
  const onChange = useCallback((value: GeofenceFormValue, field: string) => {
    setForm((f) => ({ ...f, value }));
    const top = field.replace(/^geofence_/, "").split("_")[0];
    setServerErrors((errs) => errs.filter((e) => e.path.split("/")[1] !== top));
  }, []);

  const setLocation = (patch: Partial<LocationValue>) => {
    setForm((f) => ({ ...f, location: { ...f.location, ...patch } }));
    for (const k of Object.keys(patch)) dropServerErrors(`/location/${k}`);
  };
  const setRecurrence = (patch: Partial<RecurrenceValue>) => {
    setForm((f) => ({ ...f, recurrence: { ...f.recurrence, ...patch } }));
    dropServerErrors("/recurrence");
  };
  const touch = (id: string) => setTouched((t) => (t.has(id) ? t : new Set(t).add(id)));

  const { lat, lng, radius } = parseLocation(form.location);
  const centre =
    lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
      ? { lat, lng }
      : undefined;
  const radiusMetres =
    radius !== undefined && radius > 0 ? toMetres(radius, form.location.radiusUnit) : undefined;
  const onCentre = useCallback((la: number, ln: number) => {
    setForm((f) => ({ ...f, location: { ...f.location, lat: String(la), lng: String(ln) } }));
    setServerErrors((errs) => errs.filter((e) => !e.path.startsWith("/location/")));
  }, []);
  const onRadius = useCallback((metres: number) => {
    setForm((f) => ({
      ...f,
      location: { ...f.location, radius: String(fromMetres(metres, f.location.radiusUnit)) },
    }));
    setServerErrors((errs) => errs.filter((e) => e.path !== "/location/radius"));
  }, []);
  const onTileError = useCallback(() => setTilesFailed(true), []);

  const ownErrors = [...locationErrors(form.location), ...recurrenceErrors(form.recurrence)];
  const shown = (path: string, id: string) =>
    errorAt(serverErrors, path) ??
    (submitCount > 0 || touched.has(id) ? errorAt(ownErrors, path) : undefined);
  const item = (path: string, id: string) => {
    const help = shown(path, id);
    return help ? { validateStatus: "error" as const, help } : {};
  };

  const submit = async () => {
    setFailure(null);
    if (
      validate(GEOFENCE_FORM_SCHEMA, form.value).length ||
      ownErrors.length ||
      startErrors(form.value, form.recurrence).length
    ) {
      setSubmitCount((n) => n + 1);
      return;
    }
    try {
      await save.mutateAsync({ id: geofence?.id, input: toInput(form) });
      notify("success", geofence ? `Saved "${form.value.name}"` : `Created "${form.value.name}"`);
      onDone();
    } catch (e) {
      // Everything typed stays: the errors show on their fields, the rest above the buttons.
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

  const repeating = form.recurrence.type !== "None" && form.recurrence.type !== "Once";
  return (
    <div className="geofence-form">
      <Form layout="vertical" component="div">
        <fieldset className="geofence-location" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>
            <Typography.Title level={5}>Area</Typography.Title>
          </legend>
          <Typography.Paragraph type="secondary">
            Click the map to place the centre, drag the centre or the handle on the circle's edge, or type the
            values below.
          </Typography.Paragraph>
          <MapBoundary onError={onTileError}>
            <Suspense fallback={<Skeleton.Node active style={{ width: "100%", height: 320 }} />}>
              <GeofenceMap
                centre={centre}
                radiusMetres={radiusMetres}
                tileUrl={TILE_URL}
                onCentre={onCentre}
                onRadius={onRadius}
                onTileError={onTileError}
              />
            </Suspense>
          </MapBoundary>
          {tilesFailed ? (
            <Alert
              className="geofence-tiles-failed"
              type="info"
              showIcon
              style={{ marginTop: 8 }}
              title="The map could not load. Type the latitude, longitude and radius instead."
            />
          ) : null}
          <Space wrap align="start" style={{ marginTop: 12 }}>
            <Form.Item
              label={<label htmlFor="geofence-lat">Latitude</label>}
              required
              {...item("/location/lat", "lat")}
            >
              <Input
                id="geofence-lat"
                inputMode="decimal"
                value={form.location.lat}
                onChange={(e) => setLocation({ lat: e.target.value })}
                onBlur={() => touch("lat")}
                placeholder="e.g. 40.7128"
              />
            </Form.Item>
            <Form.Item
              label={<label htmlFor="geofence-lng">Longitude</label>}
              required
              {...item("/location/lng", "lng")}
            >
              <Input
                id="geofence-lng"
                inputMode="decimal"
                value={form.location.lng}
                onChange={(e) => setLocation({ lng: e.target.value })}
                onBlur={() => touch("lng")}
                placeholder="e.g. -74.006"
              />
            </Form.Item>
            <Form.Item
              label={<label htmlFor="geofence-radius">Radius</label>}
              required
              {...item("/location/radius", "radius")}
            >
              <Space.Compact>
                <Input
                  id="geofence-radius"
                  inputMode="decimal"
                  value={form.location.radius}
                  onChange={(e) => setLocation({ radius: e.target.value })}
                  onBlur={() => touch("radius")}
                  style={{ width: 110 }}
                />
                <Select
                  aria-label="Radius unit"
                  value={form.location.radiusUnit}
                  onChange={(radiusUnit) => setLocation({ radiusUnit })}
                  options={Object.entries(UNIT_LABELS).map(([value, label]) => ({ value, label }))}
                  style={{ width: 80 }}
                />
              </Space.Compact>
            </Form.Item>
          </Space>
        </fieldset>
      </Form>
      <SchemaForm
        schema={GEOFENCE_FORM_SCHEMA}
        uiSchema={GEOFENCE_FORM_UI}
        value={form.value}
        onChange={onChange}
        validate={check}
        submitCount={submitCount}
        context={formContext}
        idPrefix="geofence"
      />
      <Form layout="vertical" component="div">
        <Form.Item
          label={<label htmlFor="geofence-recurrence">Recurrence</label>}
          {...item("/recurrence/type", "type")}
        >
          <Select
            id="geofence-recurrence"
            value={form.recurrence.type}
            options={recurrenceOptions}
            onChange={(type) => setRecurrence({ type })}
          />
        </Form.Item>
        {repeating ? (
          <Form.Item {...item("/recurrence/endsBy", "endsBy")}>
            <Space wrap>
              <Radio.Group
                aria-label="Recurrence end"
                value={form.recurrence.endMode}
                onChange={(e) => setRecurrence({ endMode: e.target.value })}
                options={[
                  { value: "never", label: END_MODE_LABELS.never },
                  { value: "endsBy", label: END_MODE_LABELS.endsBy },
                ]}
              />
              {form.recurrence.endMode === "endsBy" ? (
                <DatePicker
                  aria-label="Ends by date"
                  value={form.recurrence.endsBy ? dayjs(form.recurrence.endsBy) : null}
                  onChange={(d) => setRecurrence({ endsBy: d ? d.endOf("day").toISOString() : undefined })}
                  onBlur={() => touch("endsBy")}
                />
              ) : null}
            </Space>
          </Form.Item>
        ) : null}
        <Form.Item
          label={<label htmlFor="geofence-apps">Apps</label>}
          extra="The apps whose users this geofence reaches."
          {...item("/apps", "apps")}
        >
          <Select
            id="geofence-apps"
            mode="multiple"
            value={form.apps}
            options={appOptions}
            loading={myApps.isLoading}
            onChange={(v: string[]) => {
              setForm((f) => ({ ...f, apps: v.includes(appId) ? v : [appId, ...v] }));
              dropServerErrors("/apps");
            }}
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} className="geofence-form-failure" /> : null}
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" onClick={submit} loading={save.isPending}>
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Space>
    </div>
  );
}

const unique = (v: string, i: number, all: string[]) => all.indexOf(v) === i;
