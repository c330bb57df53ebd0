import { useState } from "react";
import { useView } from "../context.ts";
import { notificationTimeText } from "../dates.ts";
import type { AnyFeature, NotificationItem } from "../types.ts";
import { Empty, Screen } from "../ui/Screen.tsx";
import { notificationTarget } from "./notification-path.ts";

/**
 * The notifications list: newest first, unread marked, 'No Notifications Yet' when empty (spec §2, §8).
 * Opening one tells the surface (the widget records the open) and follows its path: a screen of the app
 * or a web link (screens/notification-path.ts).
 */
export function NotificationsScreen() {
  const {
    t,
    data,
    onOpenNotification,
    onEnablePush,
    locationAlerts,
    lang,
    timeZone,
    definition,
    features,
    navigate,
    openLink,
  } = useView();
  // Asked once per visit: after the click the browser's own prompt has the visitor's answer.
  const [asked, setAsked] = useState(false);
  const items = [...(data.notifications ?? [])].sort(
    (a, b) => Date.parse(String(b.time)) - Date.parse(String(a.time)),
  );
  const open = (n: NotificationItem) => {
    onOpenNotification?.(n);
    const target = notificationTarget(n.path, {
      features: features as AnyFeature[],
      coupons: definition.coupons,
      events: definition.events,
    });
    if (target && "route" in target) navigate(target.route);
    else if (target) openLink(target.link);
  };
  return (
    <Screen title={t("notifications.title")} page="notifications">
      {onEnablePush && !asked ? (
        <button
          type="button"
          className="ba-button ba-button-secondary"
          onClick={() => {
            setAsked(true);
            onEnablePush();
          }}
        >
          {t("notifications.enable")}
        </button>
      ) : null}
      {locationAlerts ? (
        <button
          type="button"
          className="ba-button ba-button-secondary"
          onClick={() => locationAlerts.toggle()}
        >
          {locationAlerts.on ? t("notifications.locationOff") : t("notifications.locationOn")}
        </button>
      ) : null}
      {items.length === 0 ? (
        <Empty text={t("notifications.empty")} />
      ) : (
        <ul className="ba-list">
          {items.map((n) => (
            <li key={n.id} className={n.read ? "ba-notification" : "ba-notification ba-unread"}>
              <button type="button" className="ba-card" onClick={() => open(n)}>
                <span className="ba-card-text">
                  {n.read ? null : <span className="ba-visually-hidden">{t("notifications.unread")}: </span>}
                  <span className="ba-card-title">{n.message}</span>
                  <time className="ba-card-date" dateTime={new Date(n.time).toISOString()}>
                    {notificationTimeText(n.time, { locale: lang, timeZone })}
                  </time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
