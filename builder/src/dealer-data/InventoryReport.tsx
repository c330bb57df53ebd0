import { Table, Typography } from "antd";
import type { InventoryReport } from "../../../schemas/index.ts";
import { useInventoryReport } from "./queries.ts";

type Item = InventoryReport["items"][number];

/**
 * What the widget's visitors did with the inventory over the last 30 days (POST analytics/inventory/report):
 * totals, then each vehicle's views, saves and leads, most viewed first. The counts come from the analytics
 * rollups, so a visit shows here once they are folded (about a minute). Hidden from roles without
 * analytics.read, whose call is refused.
 */
export function InventoryReportSection({ appId }: { appId: string }) {
  const report = useInventoryReport(appId);
  const r = report.data;
  if (!r) return null;
  return (
    <section aria-labelledby="inventory-report-title">
      <Typography.Title level={4} id="inventory-report-title">
        Widget activity
      </Typography.Title>
      <Typography.Paragraph>
        {`${r.from} to ${r.to}: ${r.totals.views} views, ${r.totals.favorites} saves, ${r.totals.leads} leads`}
      </Typography.Paragraph>
      <Table<Item>
        aria-label="Widget activity per vehicle"
        rowKey="inventoryId"
        size="small"
        dataSource={r.items}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        // A plain string is drawn in antd's disabled grey, below AA contrast; secondary text is the theme's 0.66.
        locale={{ emptyText: <Typography.Text type="secondary">No views yet</Typography.Text> }}
        columns={[
          { key: "title", dataIndex: "title", title: "Vehicle" },
          { key: "vin", dataIndex: "vin", title: "VIN" },
          { key: "views", dataIndex: "views", title: "Views", align: "right" },
          { key: "favorites", dataIndex: "favorites", title: "Saves", align: "right" },
          { key: "leads", dataIndex: "leads", title: "Leads", align: "right" },
        ]}
      />
    </section>
  );
}
