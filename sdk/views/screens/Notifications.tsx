import { useState } from "react";
import { useView } from "../context.ts";
import { notificationTimeText } from "../dates.ts";
import { Empty, Screen } from "../ui/Screen.tsx";

/** The notifications list: newest first, unread marked, 'No Notifications Yet' when empty (spec §2, §8). */
export function NotificationsScreen() {
  const { t, data, onOpenNotification, onEnablePush, lang, timeZone } = useView();
  // Asked once per visit: after the click the browser's own prompt has the visitor's answer.
  const [asked, setAsked] = useState(false);
  const items = [...(data.notifications ?? [])].sort(
    (a, b) => Date.parse(String(b.time)) - Date.parse(String(a.time)),
  );
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
      {items.length === 0 ? (
        <Empty text={t("notifications.empty")} />
      ) : (
        <ul className="ba-list">
          {items.map((n) => (
            <li key={n.id} className={n.read ? "ba-notification" : "ba-notification ba-unread"}>
              <button type="button" className="ba-card" onClick={() => onOpenNotification?.(n)}>
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
