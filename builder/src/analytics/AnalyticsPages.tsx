import { ArrowDownOutlined, ArrowUpOutlined, DownloadOutlined, MinusOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Radio,
  Result,
  Select,
  Skeleton,
  Spin,
  Table,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { type ComponentProps, useCallback, useMemo, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useWorkspace } from "../draft/context.tsx";
import { BreakdownChart, Sparkline, TrendChart } from "./Charts.tsx";
import "./analytics.css";
import {
  ANALYTICS_TYPES,
  type AnalyticsMetric,
  type AnalyticsReport,
  type AnalyticsType,
  breakdownTable,
  breakdownTitle,
  browserTimeZone,
  csvName,
  type DashboardState,
  formatNumber,
  INTERVALS,
  type Interval,
  isAnalyticsType,
  isEmptyReport,
  MAX_RANGE_DAYS,
  metricLabel,
  PRESETS,
  type Preset,
  percentChange,
  periodTable,
  rangeLabel,
  rangeProblem,
  readState,
  stateParams,
  type TableData,
  TYPE_TEXT,
  toCsv,
  todayIn,
} from "./logic.ts";
import { useAnalyticsReport } from "./queries.ts";

/** The overview's headline numbers, in this order. */
const HEADLINES = ["installs", "visitors", "sign_ins", "sign_in_failures"];
/** Metrics where a rise is bad news (shown red when up). */
const BAD_WHEN_UP = new Set(["sign_in_failures"]);
const STATE_KEYS = ["range", "from", "to", "interval", "platform", "location"];
const INTERVAL_LABELS: Record<Interval, string> = { day: "Day", week: "Week", month: "Month" };

/** The range, interval and filters, kept in the URL so a reload or a shared link shows the same view. */
function useDashboardState() {
  const [params, setParams] = useSearchParams();
  const timeZone = useMemo(browserTimeZone, []);
  const state = useMemo(() => readState(params, timeZone, new Date()), [params, timeZone]);
  const update = useCallback(
    (next: DashboardState) => {
      const merged = new URLSearchParams(params);
      for (const k of STATE_KEYS) merged.delete(k);
      for (const [k, v] of stateParams(next)) merged.set(k, v);
      setParams(merged, { replace: true });
    },
    [params, setParams],
  );
  // Links between the dashboards keep the view (and any console mode in the URL).
  const search = params.toString() ? `?${params.toString()}` : "";
  return { state, update, timeZone, search };
}

/** /apps/{appId}/analytics: headline numbers with their trend, the dashboards, and the overview's charts. */
export function AnalyticsOverviewPage() {
  return <Dashboard type="overview" />;
}

/** /apps/{appId}/analytics/{type}: one dashboard (pages, features, offers, ...). */
export function AnalyticsTypePage() {
  const { type } = useParams();
  if (!isAnalyticsType(type))
    return (
      <Result
        status="404"
        title="There is no such dashboard"
        extra={
          <Link to=".." relative="path">
            Back to Analytics
          </Link>
        }
      />
    );
  return <Dashboard key={type} type={type} />;
}

function Dashboard({ type }: { type: AnalyticsType | "overview" }) {
  const { appId = "new" } = useParams();
  const dash = useDashboardState();
  const title = type === "overview" ? "Analytics" : `Analytics: ${TYPE_TEXT[type].title}`;
  return (
    <div className="analytics-page">
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      {appId === "new" ? (
        <Result title="Save the app first" subTitle="Analytics belong to a saved app." />
      ) : (
        <>
          <DashboardNav appId={appId} current={type} search={dash.search} />
          <Report appId={appId} type={type} dash={dash} />
        </>
      )}
    </div>
  );
}

function DashboardNav({
  appId,
  current,
  search,
}: {
  appId: string;
  current: AnalyticsType | "overview";
  search: string;
}) {
  const base = `/apps/${appId}/analytics`;
  const items: { key: AnalyticsType | "overview"; to: string }[] = [
    { key: "overview", to: base },
    ...ANALYTICS_TYPES.map((t) => ({ key: t, to: `${base}/${t}` })),
  ];
  return (
    <nav aria-label="Dashboards" className="analytics-nav">
      {items.map((i) => (
        <Link
          key={i.key}
          to={`${i.to}${search}`}
          aria-current={i.key === current ? "page" : undefined}
          className={i.key === current ? "current" : undefined}
        >
          {TYPE_TEXT[i.key].title}
        </Link>
      ))}
    </nav>
  );
}

function Report({
  appId,
  type,
  dash,
}: {
  appId: string;
  type: AnalyticsType | "overview";
  dash: ReturnType<typeof useDashboardState>;
}) {
  const report = useAnalyticsReport(appId, type, dash.state, dash.timeZone);
  const data = report.data;
  let body: React.ReactNode;
  if (report.isLoading) body = <ReportSkeleton overview={type === "overview"} />;
  else if (report.error)
    body = (
      <Alert
        type="error"
        showIcon
        title={`The numbers could not be loaded: ${(report.error as Error).message}`}
        action={
          <Button size="small" onClick={() => report.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (data) body = <ReportBody appId={appId} type={type} report={data} search={dash.search} />;
  return (
    <>
      <Controls
        state={dash.state}
        timeZone={dash.timeZone}
        filters={data?.filters}
        onChange={dash.update}
        updating={report.isFetching && !report.isLoading}
      />
      <div aria-busy={report.isFetching} className="analytics-body">
        {body}
      </div>
    </>
  );
}

function ReportSkeleton({ overview }: { overview: boolean }) {
  return (
    <div aria-label="Loading the numbers" role="status">
      {overview ? (
        <div className="analytics-headlines">
          {HEADLINES.map((h) => (
            <Card key={h} size="small">
              <Skeleton active paragraph={{ rows: 2 }} />
            </Card>
          ))}
        </div>
      ) : null}
      <Card size="small">
        <Skeleton.Node active style={{ width: "100%", height: 200 }} />
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    </div>
  );
}

function Controls({
  state,
  timeZone,
  filters,
  onChange,
  updating,
}: {
  state: DashboardState;
  timeZone: string;
  filters?: AnalyticsReport["filters"];
  onChange: (s: DashboardState) => void;
  updating: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const today = todayIn(timeZone, new Date());
  const pickPreset = (preset: Preset) => {
    setProblem(null);
    if (preset === "custom") onChange({ ...state, preset: "custom" });
    else
      onChange({
        ...readState(new URLSearchParams({ range: preset }), timeZone, new Date()),
        interval: state.interval,
        platform: state.platform,
        location: state.location,
      });
  };
  const filterSelect = (key: "platform" | "location", label: string, all: string, values: string[] = []) => (
    <Select
      aria-label={label}
      className="analytics-filter"
      value={state[key] ?? ""}
      onChange={(v: string) => onChange({ ...state, [key]: v || undefined })}
      options={[
        { value: "", label: all },
        // A filter from the URL that the range does not show any more stays selectable.
        ...[...new Set([...values, ...(state[key] ? [state[key] as string] : [])])].map((v) => ({
          value: v,
          label: v,
        })),
      ]}
      popupMatchSelectWidth={false}
    />
  );
  return (
    <div className="analytics-controls">
      <div className="analytics-control-row">
        <Radio.Group
          aria-label="Range"
          optionType="button"
          value={state.preset}
          onChange={(e) => pickPreset(e.target.value as Preset)}
          options={[
            ...PRESETS.map((p) => ({ value: p.key, label: p.label })),
            { value: "custom", label: "Custom range" },
          ]}
        />
        {state.preset === "custom" ? (
          <span className="analytics-custom-range">
            <DatePicker.RangePicker
              aria-label="Custom range"
              allowClear={false}
              value={[dayjs(state.from), dayjs(state.to)]}
              maxDate={dayjs(today)}
              disabledDate={(current, info) =>
                Boolean(info?.from) && Math.abs(current.diff(info.from, "day")) >= MAX_RANGE_DAYS
              }
              onChange={(dates) => {
                const [a, b] = dates ?? [];
                if (!a || !b) return;
                const from = a.format("YYYY-MM-DD");
                const to = b.format("YYYY-MM-DD");
                const why = rangeProblem(from, to);
                setProblem(why);
                if (!why) onChange({ ...state, preset: "custom", from, to });
              }}
              status={problem ? "error" : undefined}
            />
            {problem ? (
              <span role="alert" className="analytics-range-problem">
                {problem}
              </span>
            ) : null}
          </span>
        ) : null}
      </div>
      <div className="analytics-control-row">
        <Radio.Group
          aria-label="Interval"
          optionType="button"
          value={state.interval}
          onChange={(e) => onChange({ ...state, interval: e.target.value as Interval })}
          options={INTERVALS.map((i) => ({ value: i, label: INTERVAL_LABELS[i] }))}
        />
        {filterSelect("platform", "Platform", "All platforms", filters?.platforms)}
        {filterSelect("location", "Location", "All locations", filters?.locations)}
        <span className="analytics-range-text" aria-live="polite">
          {rangeLabel(state.from, state.to)}
          {updating ? <Spin size="small" className="analytics-updating" aria-label="Updating" /> : null}
        </span>
      </div>
    </div>
  );
}

function ReportBody({
  appId,
  type,
  report,
  search,
}: {
  appId: string;
  type: AnalyticsType | "overview";
  report: AnalyticsReport;
  search: string;
}) {
  const empty = isEmptyReport(report);
  return (
    <>
      {type === "overview" ? (
        <>
          <Headlines report={report} />
          <DashboardCards appId={appId} search={search} />
        </>
      ) : null}
      {empty ? (
        <Empty className="analytics-empty" description={TYPE_TEXT[type].empty} />
      ) : (
        report.metrics.map((m) => <MetricSection key={m.id} metric={m} report={report} />)
      )}
    </>
  );
}

function ChangeText({
  metric,
  previous,
}: {
  metric: AnalyticsMetric;
  previous: AnalyticsReport["previous"];
}) {
  const change = percentChange(metric.total, metric.previousTotal);
  const good =
    change.direction === "flat"
      ? "flat"
      : (change.direction === "up") !== BAD_WHEN_UP.has(metric.id)
        ? "good"
        : "bad";
  const Icon =
    change.direction === "up"
      ? ArrowUpOutlined
      : change.direction === "down"
        ? ArrowDownOutlined
        : MinusOutlined;
  const word = change.direction === "up" ? "Up" : change.direction === "down" ? "Down" : "No change";
  return (
    <span className="analytics-change-line">
      <span className={`analytics-change ${good}`} data-direction={change.direction}>
        <Icon aria-hidden="true" /> <span className="visually-hidden">{word} </span>
        {change.text}
      </span>{" "}
      <span className="analytics-vs">
        vs {formatNumber(metric.previousTotal)} in {rangeLabel(previous.from, previous.to)}
      </span>
    </span>
  );
}

function Headlines({ report }: { report: AnalyticsReport }) {
  const byId = new Map(report.metrics.map((m) => [m.id, m]));
  return (
    <div className="analytics-headlines">
      {HEADLINES.map((id) => {
        const m = byId.get(id);
        if (!m) return null;
        return (
          <section key={id} className="analytics-headline" aria-label={metricLabel(id)}>
            <div className="analytics-headline-label">{metricLabel(id)}</div>
            <div className="analytics-headline-value">{formatNumber(m.total)}</div>
            <ChangeText metric={m} previous={report.previous} />
            <Sparkline points={m.points} />
          </section>
        );
      })}
    </div>
  );
}

function DashboardCards({ appId, search }: { appId: string; search: string }) {
  return (
    <nav aria-label="Dashboards by type" className="analytics-cards">
      {ANALYTICS_TYPES.map((t) => (
        <Link key={t} to={`/apps/${appId}/analytics/${t}${search}`} className="analytics-card">
          <span className="analytics-card-title">{TYPE_TEXT[t].title}</span>
          <span className="analytics-card-about">{TYPE_TEXT[t].about}</span>
        </Link>
      ))}
    </nav>
  );
}

function MetricSection({ metric, report }: { metric: AnalyticsMetric; report: AnalyticsReport }) {
  const label = metricLabel(metric.id);
  const per = INTERVAL_LABELS[report.interval].toLowerCase();
  const range = rangeLabel(report.from, report.to);
  const headingId = `metric-${metric.id}`;
  const by = breakdownTitle(metric.id).toLowerCase();
  return (
    <section className="analytics-metric" aria-labelledby={headingId}>
      <div className="analytics-metric-head">
        <Typography.Title level={2} id={headingId} className="analytics-metric-title">
          {label}
        </Typography.Title>
        <span className="analytics-metric-total">{formatNumber(metric.total)}</span>
        <ChangeText metric={metric} previous={report.previous} />
      </div>
      <TrendChart
        points={metric.points}
        interval={report.interval}
        name={label}
        label={`${label} per ${per}, ${range}: ${formatNumber(metric.total)} in all. The table below lists each ${per}.`}
      />
      <DataTable
        table={periodTable(metric, report.interval)}
        caption={`${label} per ${per}`}
        fileWhat={`${label} per ${per}`}
        report={report}
      />
      {metric.breakdown ? (
        <div className="analytics-breakdown">
          <Typography.Title level={3} className="analytics-breakdown-title">
            {label} by {by}
          </Typography.Title>
          {metric.breakdown.length ? (
            <>
              <BreakdownChart
                rows={metric.breakdown}
                name={label}
                label={`${label} by ${by}, ${range}. The table below lists every ${by} with the previous range.`}
              />
              <DataTable
                table={breakdownTable(metric)}
                caption={`${label} by ${by}`}
                fileWhat={`${label} by ${by}`}
                report={report}
              />
            </>
          ) : (
            <Typography.Paragraph type="secondary">Nothing to break down in this range.</Typography.Paragraph>
          )}
        </div>
      ) : null}
    </section>
  );
}

/** The numbers of a chart as a table (its accessible alternative), with a CSV export of exactly these rows. */
function DataTable({
  table,
  caption,
  fileWhat,
  report,
}: {
  table: TableData;
  caption: string;
  fileWhat: string;
  report: AnalyticsReport;
}) {
  const { saved } = useWorkspace();
  const appName = String(saved?.definition?.name ?? "app");
  const columns = table.columns.map((title, i) => ({
    title,
    key: String(i),
    align: i > 0 ? ("right" as const) : undefined,
    render: (_: unknown, row: { cells: (string | number)[] }) => {
      const v = row.cells[i];
      return typeof v === "number" ? formatNumber(v) : v;
    },
  }));
  const tableComponents: ComponentProps<typeof Table>["components"] = {
    table: (props: ComponentProps<"table">) => <table {...props} aria-label={caption} />,
  };
  return (
    <div className="analytics-table">
      <div className="analytics-table-bar">
        <Button
          size="small"
          icon={<DownloadOutlined aria-hidden="true" />}
          onClick={() => saveCsv(toCsv(table), csvName(appName, fileWhat, report.from, report.to))}
        >
          Export CSV
        </Button>
      </div>
      {/* Focusable so keyboard users can scroll a long table. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="analytics-table-scroll" tabIndex={0} aria-label={`${caption} table`}>
        <Table
          size="small"
          rowKey="key"
          columns={columns}
          dataSource={table.rows}
          pagination={false}
          components={tableComponents}
        />
      </section>
    </div>
  );
}

/** Saves text as a CSV file the browser downloads. */
function saveCsv(csv: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
