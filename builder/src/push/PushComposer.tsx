import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Select,
  Skeleton,
  Space,
  Statistic,
  Switch,
  Tag,
  Typography,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { isRepeating } from "../../../core/status.ts";
import { localTimeZone } from "../../../core/zoned-time.ts";
import type { App, Audience, Membership } from "../../../schemas/index.ts";
import { ApiFailure, api, notify } from "../api.ts";
import { useOffers } from "../offers/queries.ts";
import type { OfferRecord } from "../offers/types.ts";
import { LOCK_SCREEN_CSS, LockScreenPreview } from "./LockScreenPreview.tsx";
import {
  AUDIENCE_HELP,
  AUDIENCE_TITLES,
  cleanAudience,
  END_MODE_OPTIONS,
  errorsByField,
  fromWire,
  initialForm,
  MEMBERSHIP_OPTIONS,
  PUSH_EDIT_RULE_MESSAGE,
  PUSH_MESSAGE_MAX,
  PUSH_SENDER_ROLES,
  type PushFormValue,
  prefillFromSearch,
  RECURRENCE_OPTIONS,
  TARGET_OPTIONS,
  TIME_HINT,
  toWire,
  validateForm,
} from "./logic.ts";
import { useAudienceChoices, useAudienceCount, usePush, useSavePush } from "./queries.ts";

const DATE_TIME_FORMAT = "YYYY-MM-DD hh:mma";

/** /apps/{appId}/push/add and /apps/{appId}/push/{pushId}: compose a new push or edit a scheduled one. */
export function PushComposerPage() {
  const { appId = "new", pushId } = useParams();
  const [params] = useSearchParams();
  const prefill = useMemo(() => prefillFromSearch(params), [params]);
  const app = useQuery({
    queryKey: ["app", appId],
    queryFn: () => api<App>(`/apps/${appId}`),
    enabled: appId !== "new",
  });
  const coupons = useOffers(appId, "coupons");
  const events = useOffers(appId, "events");
  const push = usePush(appId, pushId);

  const title = pushId ? "Edit push" : "New push";
  let body: ReactNode;
  if (appId === "new") body = <Result title="Save the app first" subTitle="Pushes belong to a saved app." />;
  else if (pushId && push.isLoading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (pushId && push.error) body = <Alert type="error" showIcon title={(push.error as Error).message} />;
  else if (
    !pushId &&
    ((prefill?.kind === "coupon" && coupons.isLoading) || (prefill?.kind === "event" && events.isLoading))
  )
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  else {
    let initial: PushFormValue;
    let prefillNote: string | null = null;
    if (push.data) initial = fromWire(push.data);
    else if (prefill?.kind === "coupon" || prefill?.kind === "event") {
      const list = (prefill.kind === "coupon" ? coupons.data : events.data) ?? [];
      const offer = list.find((o) => o.id === prefill.id);
      if (offer) {
        const ref = { id: offer.id, title: offer.title, from: offer.from, to: offer.to };
        initial = initialForm(
          appId,
          Date.now(),
          prefill.kind === "coupon" ? { kind: "coupon", coupon: ref } : { kind: "event", event: ref },
        );
      } else {
        initial = initialForm(appId, Date.now());
        prefillNote = `The ${prefill.kind === "coupon" ? "special" : "promotion"} to share was not found in this app.`;
      }
    } else
      initial = initialForm(
        appId,
        Date.now(),
        prefill?.kind === "users" || prefill?.kind === "term" ? prefill : undefined,
      );
    body = (
      <Composer
        key={push.data?.id ?? params.toString()}
        appId={appId}
        app={app.data}
        initial={initial}
        pushId={pushId}
        locked={push.data ? !push.data.editable : false}
        prefillNote={prefillNote}
        coupons={coupons.data ?? []}
        events={events.data ?? []}
      />
    );
  }
  return (
    <div className="push-page">
      <style>{LOCK_SCREEN_CSS}</style>
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      <Link to={`/apps/${appId}/push`}>Back to View Schedule</Link>
      {body}
    </div>
  );
}

/** A value that has not changed for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

interface ComposerProps {
  appId: string;
  app: App | undefined;
  initial: PushFormValue;
  pushId?: string;
  locked: boolean;
  prefillNote: string | null;
  coupons: OfferRecord[];
  events: OfferRecord[];
}

function Composer({ appId, app, initial, pushId, locked, prefillNote, coupons, events }: ComposerProps) {
  const navigate = useNavigate();
  const timeZone = useMemo(() => localTimeZone(), []);
  const [value, setValue] = useState<PushFormValue>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSavePush(appId);
  const myApps = useQuery({ queryKey: ["apps"], queryFn: () => api<App[]>("/apps", { silent: true }) });

  const clientErrors = useMemo(() => validateForm(value, Date.now(), timeZone), [value, timeZone]);
  const errors = { ...(submitted ? clientErrors : {}), ...serverErrors };
  const set = (patch: Partial<PushFormValue>, ...fields: string[]) => {
    setValue((v) => ({ ...v, ...patch }));
    // A server error says nothing about what was typed since: it leaves the changed field.
    setServerErrors((errs) => {
      const next = { ...errs };
      for (const f of fields) delete next[f];
      return next;
    });
  };
  const setAudience = (key: keyof Audience, v: unknown) =>
    set({ audience: { ...value.audience, [key]: v } as Audience }, `audience.${key}`);

  const appOptions = useMemo(() => {
    const allowed = (myApps.data ?? []).filter((a) => !a.role || PUSH_SENDER_ROLES.has(a.role));
    const options = allowed.map((a) => ({ value: a.appId, label: a.definition?.name || a.slug || a.appId }));
    for (const id of value.apps)
      if (!options.some((o) => o.value === id)) options.push({ value: id, label: id });
    return options;
  }, [myApps.data, value.apps]);

  const countBody = useMemo(
    () => JSON.stringify({ apps: value.apps, ...cleanAudience(value.audience) }),
    [value.apps, value.audience],
  );
  const settledCount = useDebounced(countBody, 400);
  const count = useAudienceCount(appId, value.apps.length ? JSON.parse(settledCount) : null);

  const features = (app?.definition?.features ?? []) as { id: string; title?: string; type?: string }[];
  // The engine types, groups and locations the target apps offer (the server checks the same lists).
  const choices = useAudienceChoices(appId, value.apps);
  const multipleApps = value.apps.length > 1;
  const appLabel = (id: string) => appOptions.find((o) => o.value === id)?.label ?? id;
  const engineTypeOptions = (choices.data?.engineTypes ?? []).map((t) => ({ value: t, label: t }));
  for (const t of [value.audience.engineType].filter(Boolean) as string[])
    if (!engineTypeOptions.some((o) => o.value.toLowerCase() === t.toLowerCase()))
      engineTypeOptions.push({ value: t, label: t });
  const groupOptions = (choices.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }));
  for (const g of value.audience.groups ?? [])
    if (!groupOptions.some((o) => o.value === g)) groupOptions.push({ value: g, label: g });
  const locationOptions = (choices.data?.locations ?? []).map((l) => ({
    value: l.id,
    label: multipleApps ? `${l.name} (${appLabel(l.appId)})` : l.name,
  }));
  for (const l of value.audience.locations ?? [])
    if (!locationOptions.some((o) => o.value === l)) locationOptions.push({ value: l, label: l });
  const sendAt = value.sendNow ? new Date().toISOString() : value.scheduleTime;

  const submit = async () => {
    setFailure(null);
    setSubmitted(true);
    if (Object.keys(clientErrors).length) return;
    const body = toWire(value, Date.now(), timeZone);
    try {
      await save.mutateAsync({ id: pushId, body });
      notify("success", pushId ? "Push saved" : value.sendNow ? "Push is being sent" : "Push scheduled");
      navigate(`/apps/${appId}/push`);
    } catch (e) {
      const f = e instanceof ApiFailure ? e : new ApiFailure((e as Error).message, 0);
      const fields = errorsByField(
        Array.isArray(f.details)
          ? f.details.filter((d: unknown) => d && typeof (d as { path?: unknown }).path === "string")
          : [],
      );
      const { "": other, ...onFields } = fields;
      setServerErrors(onFields);
      setFailure(
        Object.keys(onFields).length && !other ? null : [f.message, other].filter(Boolean).join(" "),
      );
    }
  };

  const item = (field: string, label: ReactNode, control: ReactNode, extra?: ReactNode) => (
    <Form.Item
      label={label}
      validateStatus={errors[field] ? "error" : undefined}
      help={errors[field]}
      extra={extra}
    >
      {control}
    </Form.Item>
  );
  const id = (field: string) => `push-${field.replace(/\./g, "-")}`;
  const lbl = (field: string, text: string) => <label htmlFor={id(field)}>{text}</label>;
  const text = (key: keyof Audience) =>
    item(
      `audience.${key}`,
      lbl(`audience.${key}`, AUDIENCE_TITLES[key]),
      <Input
        id={id(`audience.${key}`)}
        value={(value.audience[key] as string | undefined) ?? ""}
        onChange={(e) => setAudience(key, e.target.value)}
      />,
    );
  const year = (key: "yearFrom" | "yearTo") =>
    item(
      `audience.${key}`,
      lbl(`audience.${key}`, AUDIENCE_TITLES[key]),
      <InputNumber
        id={id(`audience.${key}`)}
        min={1900}
        max={2100}
        precision={0}
        value={value.audience[key] ?? null}
        onChange={(v) => setAudience(key, v ?? undefined)}
      />,
    );
  const repeating = isRepeating({ type: value.recurrence });
  const userIds = value.audience.userIds ?? [];

  return (
    <div className="push-composer">
      <Form layout="vertical" component="div" className="push-composer-form" disabled={locked}>
        {locked ? (
          <Alert type="warning" showIcon title={PUSH_EDIT_RULE_MESSAGE} className="push-locked" />
        ) : null}
        {prefillNote ? <Alert type="info" showIcon title={prefillNote} /> : null}
        {item(
          "message",
          lbl("message", "Message"),
          <Input.TextArea
            id={id("message")}
            rows={4}
            showCount
            maxLength={PUSH_MESSAGE_MAX}
            value={value.message}
            onChange={(e) => set({ message: e.target.value }, "message")}
          />,
          "5 to 1200 characters.",
        )}
        {item(
          "target",
          lbl("target", "Link"),
          <Space.Compact block>
            <Select
              id={id("target")}
              style={{ minWidth: 200 }}
              value={value.target.kind}
              options={TARGET_OPTIONS}
              onChange={(kind) => set({ target: { kind } }, "target")}
            />
            {value.target.kind === "feature" ? (
              <Select
                aria-label="Feature"
                style={{ flex: 1 }}
                value={value.target.id}
                placeholder="Choose a feature"
                notFoundContent="This app has no features yet"
                options={features.map((f) => ({ value: f.id, label: f.title || f.type || f.id }))}
                onChange={(fid) => set({ target: { kind: "feature", id: fid } }, "target")}
              />
            ) : value.target.kind === "coupon" || value.target.kind === "event" ? (
              <Select
                aria-label={value.target.kind === "coupon" ? "Special" : "Promotion"}
                style={{ flex: 1 }}
                value={value.target.id}
                placeholder={value.target.kind === "coupon" ? "Choose a special" : "Choose a promotion"}
                notFoundContent={value.target.kind === "coupon" ? "No specials yet" : "No promotions yet"}
                options={(value.target.kind === "coupon" ? coupons : events).map((o) => ({
                  value: o.id,
                  label: o.title,
                }))}
                onChange={(oid) => set({ target: { kind: value.target.kind, id: oid } }, "target")}
              />
            ) : value.target.kind === "url" ? (
              <Input
                aria-label="Web address"
                placeholder="https://example.com/offer"
                value={value.target.url ?? ""}
                onChange={(e) => set({ target: { kind: "url", url: e.target.value } }, "target")}
              />
            ) : null}
          </Space.Compact>,
          value.target.kind === "coupon" || value.target.kind === "event"
            ? "The notification opens it and shares it with the audience."
            : undefined,
        )}
        {item(
          "scheduleTime",
          lbl("scheduleTime", "Send at"),
          <Space wrap>
            <Radio.Group
              value={value.sendNow ? "now" : "at"}
              onChange={(e) => set({ sendNow: e.target.value === "now" }, "scheduleTime")}
              options={[
                { value: "at", label: "At a time" },
                { value: "now", label: "Send now" },
              ]}
            />
            {value.sendNow ? null : (
              <DatePicker
                id={id("scheduleTime")}
                showTime={{ format: "hh:mma", use12Hours: true, minuteStep: 5 }}
                format={DATE_TIME_FORMAT}
                allowClear={false}
                value={dayjs(value.scheduleTime)}
                onChange={(d: Dayjs | null) => d && set({ scheduleTime: d.toISOString() }, "scheduleTime")}
              />
            )}
          </Space>,
          value.sendNow
            ? "It goes out as soon as it is saved."
            : `${TIME_HINT} · your time zone: ${timeZone}`,
        )}
        {item(
          "recurrence",
          lbl("recurrence", "Repeat"),
          <Select
            id={id("recurrence")}
            value={value.recurrence}
            options={RECURRENCE_OPTIONS}
            onChange={(recurrence) => set({ recurrence }, "recurrence", "endsBy")}
          />,
        )}
        {repeating
          ? item(
              "endsBy",
              "Ends",
              <Space wrap>
                <Radio.Group
                  aria-label="Ends"
                  value={value.endMode}
                  options={END_MODE_OPTIONS}
                  onChange={(e) => set({ endMode: e.target.value }, "endsBy")}
                />
                {value.endMode === "endsBy" ? (
                  <DatePicker
                    id={id("endsBy")}
                    aria-label="Ends by"
                    format="YYYY-MM-DD"
                    value={value.endsBy ? dayjs(value.endsBy) : null}
                    onChange={(d: Dayjs | null) =>
                      set({ endsBy: d ? d.endOf("day").toISOString() : undefined }, "endsBy")
                    }
                  />
                ) : null}
              </Space>,
            )
          : null}
        <Typography.Title level={2} className="push-section-title">
          Audience
        </Typography.Title>
        {userIds.length ? (
          <Alert
            type="info"
            showIcon
            title={`Sent to ${userIds.length} chosen ${userIds.length === 1 ? "user" : "users"}`}
            action={
              <Button size="small" onClick={() => setAudience("userIds", undefined)}>
                Send to everyone matching instead
              </Button>
            }
          />
        ) : null}
        {item(
          "audience.authenticated",
          lbl("audience.authenticated", AUDIENCE_TITLES.authenticated),
          <Switch
            id={id("audience.authenticated")}
            checked={Boolean(value.audience.authenticated)}
            onChange={(on) => setAudience("authenticated", on || undefined)}
          />,
        )}
        {text("term")}
        <Space wrap align="start">
          {text("make")}
          {text("model")}
        </Space>
        <Space wrap align="start">
          {item(
            "audience.engineType",
            lbl("audience.engineType", AUDIENCE_TITLES.engineType),
            <Select
              id={id("audience.engineType")}
              allowClear
              showSearch
              style={{ minWidth: 200 }}
              value={value.audience.engineType || undefined}
              options={engineTypeOptions}
              loading={choices.isLoading}
              notFoundContent="The catalog lists no engine types for these apps"
              onChange={(v?: string) => setAudience("engineType", v || undefined)}
            />,
            AUDIENCE_HELP.engineType,
          )}
          {text("unit")}
        </Space>
        <Space wrap align="start">
          {text("vinFrom")}
          {text("vinTo")}
        </Space>
        <Space wrap align="start">
          {year("yearFrom")}
          {year("yearTo")}
        </Space>
        {item(
          "audience.groups",
          lbl("audience.groups", AUDIENCE_TITLES.groups),
          <Select
            id={id("audience.groups")}
            mode="multiple"
            value={value.audience.groups ?? []}
            options={groupOptions}
            loading={choices.isLoading}
            notFoundContent="These apps are in no multi-app group"
            onChange={(v: string[]) => setAudience("groups", v)}
          />,
          AUDIENCE_HELP.groups,
        )}
        {item(
          "audience.locations",
          lbl("audience.locations", AUDIENCE_TITLES.locations),
          <Select
            id={id("audience.locations")}
            mode="multiple"
            value={value.audience.locations ?? []}
            options={locationOptions}
            loading={choices.isLoading}
            notFoundContent={multipleApps ? "These apps have no locations" : "This app has no locations"}
            onChange={(v: string[]) => setAudience("locations", v)}
          />,
          AUDIENCE_HELP.locations,
        )}
        {item(
          "audience.membership",
          lbl("audience.membership", AUDIENCE_TITLES.membership),
          <Select
            id={id("audience.membership")}
            allowClear
            style={{ minWidth: 260 }}
            placeholder="Members and non-members"
            value={value.audience.membership}
            options={MEMBERSHIP_OPTIONS}
            onChange={(v?: Membership) => setAudience("membership", v)}
          />,
          AUDIENCE_HELP.membership,
        )}
        {item(
          "apps",
          lbl("apps", "Apps"),
          <Select
            id={id("apps")}
            mode="multiple"
            value={value.apps}
            options={appOptions}
            loading={myApps.isLoading}
            onChange={(apps: string[]) => set({ apps }, "apps")}
          />,
          "Only apps you may send pushes for are offered.",
        )}
        {failure ? <Alert type="error" showIcon title={failure} className="push-failure" /> : null}
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" onClick={submit} loading={save.isPending} disabled={locked}>
            {pushId ? "Save" : value.sendNow ? "Send now" : "Schedule"}
          </Button>
          <Button onClick={() => navigate(`/apps/${appId}/push`)} disabled={false}>
            Cancel
          </Button>
        </Space>
      </Form>
      <aside className="push-composer-side" aria-label="Preview and audience">
        <LockScreenPreview
          appName={app?.definition?.name || "Your app"}
          icon={app?.definition?.logo as string | undefined}
          message={value.message}
          at={sendAt}
        />
        <Card size="small" style={{ marginTop: 16 }} aria-live="polite">
          {count.error ? (
            <Typography.Text type="danger">{(count.error as Error).message}</Typography.Text>
          ) : count.data ? (
            <Space size="large">
              <Statistic title="Audience: users" value={count.data.users} />
              <Statistic title="Subscriptions" value={count.data.subscriptions} />
              <Statistic title="Web push" value={count.data.webPush} />
            </Space>
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 1 }} />
          )}
          {count.isFetching ? <Tag style={{ marginTop: 8 }}>Counting…</Tag> : null}
        </Card>
      </aside>
    </div>
  );
}
