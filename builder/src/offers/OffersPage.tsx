import {
  Alert,
  App as AntApp,
  Button,
  Empty,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { AssignedUsersDrawer } from "./AssignedUsersDrawer.tsx";
import { formatDateTime, KIND_TEXT, moveId, offerStatus, STATUS_COLOR } from "./logic.ts";
import { OfferDrawer } from "./OfferDrawer.tsx";
import { PackagesSection } from "./PackagesSection.tsx";
import { useDeleteOffer, useOffers, useReorderOffers } from "./queries.ts";
import { RedemptionsDrawer } from "./RedemptionsDrawer.tsx";
import { DragHandle, SortableTable } from "./SortableTable.tsx";
import { Thumbnail } from "./Thumbnail.tsx";
import type { OfferKind, OfferRecord } from "./types.ts";

/** /apps/{appId}/specials and /apps/{appId}/promotions: one implementation for coupons and events. */
export function OffersPage({ kind }: { kind: OfferKind }) {
  const { appId = "new" } = useParams();
  const text = KIND_TEXT[kind];
  return (
    <div className="offers-page">
      <Typography.Title level={1} className="page-title">
        {text.page}
      </Typography.Title>
      {appId === "new" ? (
        <Result title={`Save the app first`} subTitle={`${text.page} belong to a saved app.`} />
      ) : (
        <>
          <OffersTable key={`${appId}:${kind}`} kind={kind} appId={appId} />
          {kind === "coupons" ? <PackagesSection appId={appId} /> : null}
        </>
      )}
    </div>
  );
}

type Open =
  | { what: "edit"; offer: OfferRecord | null }
  | { what: "redemptions"; offer: OfferRecord }
  | { what: "assigned"; offer: OfferRecord }
  | null;

function OffersTable({ kind, appId }: { kind: OfferKind; appId: string }) {
  const text = KIND_TEXT[kind];
  const { message } = AntApp.useApp();
  const offers = useOffers(appId, kind);
  const remove = useDeleteOffer(appId, kind);
  const reorder = useReorderOffers(appId, kind, (why) =>
    message.error(`The new order was not saved: ${why}`),
  );
  const [open, setOpen] = useState<Open>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const show = (o: Exclude<Open, null>) => {
    setOpen(o);
    setDrawerOpen(true);
  };
  const list = offers.data ?? [];
  const nameOf = (id: string) => list.find((o) => o.id === id)?.title ?? id;
  const newButton = (
    <Button type="primary" onClick={() => show({ what: "edit", offer: null })}>
      New {text.one}
    </Button>
  );

  const columns: ColumnsType<OfferRecord> = [
    {
      key: "sort",
      width: 48,
      title: <span className="visually-hidden">Order</span>,
      render: (_v, o) => <DragHandle label={`Move ${o.title}`} />,
    },
    {
      key: "image",
      width: 72,
      title: <span className="visually-hidden">Image</span>,
      render: (_v, o) => <Thumbnail src={o.image} />,
    },
    {
      key: "title",
      title: "Title",
      render: (_v, o) => (
        <Space size={4} wrap>
          <span className="offer-title">{o.title}</span>
          {o.personalized ? <Tag color="purple">Personalized</Tag> : null}
        </Space>
      ),
    },
    {
      key: "status",
      title: "Status",
      render: (_v, o) => {
        const status = o.status ?? offerStatus(o, Date.now());
        return <Tag color={STATUS_COLOR[status]}>{status}</Tag>;
      },
    },
    {
      key: "dates",
      title: "Dates",
      render: (_v, o) => (
        <Space orientation="vertical" size={0}>
          <span>
            {o.from || o.to
              ? `${formatDateTime(o.from) || "Open"} – ${formatDateTime(o.to) || "Open"}`
              : "Always"}
          </span>
          {o.hideDates ? <Typography.Text type="secondary">Dates hidden</Typography.Text> : null}
        </Space>
      ),
    },
    {
      key: "redemptions",
      title: "Redemptions",
      // Only coupons have a redemptions list on the server (GET/POST /coupons/{id}/redemptions).
      render: (_v, o) =>
        kind !== "coupons" ? (
          <span>{o.redemptions ?? 0}</span>
        ) : (
          <Button
            type="link"
            aria-label={`Redemptions of ${o.title}: ${o.redemptions ?? 0}`}
            onClick={() => show({ what: "redemptions", offer: o })}
          >
            {o.redemptions ?? 0}
          </Button>
        ),
    },
    {
      key: "actions",
      title: "Actions",
      render: (_v, o) => (
        <Space size={0} wrap>
          <Button type="link" onClick={() => show({ what: "edit", offer: o })} aria-label={`Edit ${o.title}`}>
            Edit
          </Button>
          {o.personalized ? (
            <Button
              type="link"
              onClick={() => show({ what: "assigned", offer: o })}
              aria-label={`Assigned users of ${o.title}`}
            >
              Assigned users
            </Button>
          ) : null}
          <Link
            to={`/apps/${appId}/push/add?${kind === "coupons" ? "coupon" : "event"}=${o.id}`}
            className="ant-btn ant-btn-link ant-btn-color-link ant-btn-variant-link"
            aria-label={`Send as push: ${o.title}`}
          >
            Send as push
          </Link>
          <Popconfirm
            title={`Delete "${o.title}"?`}
            description={
              o.ownerAppId && o.ownerAppId !== appId
                ? `It is only removed from this app.`
                : `It is removed from every app that shows it.`
            }
            okText="Delete"
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={() => remove.mutateAsync(o.id)}
          >
            <Button type="link" danger aria-label={`Delete ${o.title}`}>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  let body: React.ReactNode;
  if (offers.isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (offers.error)
    body = (
      <Alert
        type="error"
        showIcon
        title={(offers.error as Error).message}
        action={
          <Button size="small" onClick={() => offers.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (!list.length) body = <Empty description={`No ${text.page.toLowerCase()} yet`}>{newButton}</Empty>;
  else
    body = (
      <SortableTable<OfferRecord>
        className="offers-table"
        aria-label={text.page}
        dataSource={list}
        columns={columns}
        nameOf={nameOf}
        onMove={(active, over) =>
          reorder.mutate(
            moveId(
              list.map((o) => o.id),
              active,
              over,
            ),
          )
        }
      />
    );

  return (
    <section aria-label={`${text.page} list`}>
      {list.length ? (
        <div className="offers-toolbar" style={{ marginBottom: 12 }}>
          {newButton}
        </div>
      ) : null}
      {body}
      <OfferDrawer
        kind={kind}
        appId={appId}
        offer={open?.what === "edit" ? open.offer : null}
        open={drawerOpen && open?.what === "edit"}
        onClose={() => setDrawerOpen(false)}
      />
      <RedemptionsDrawer
        kind={kind}
        appId={appId}
        offer={open?.what === "redemptions" ? open.offer : null}
        open={drawerOpen && open?.what === "redemptions"}
        onClose={() => setDrawerOpen(false)}
      />
      <AssignedUsersDrawer
        appId={appId}
        offer={open?.what === "assigned" ? open.offer : null}
        open={drawerOpen && open?.what === "assigned"}
        onClose={() => setDrawerOpen(false)}
      />
    </section>
  );
}
