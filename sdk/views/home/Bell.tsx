import { useView } from "../context.ts";

/** The bell with the unread count; it opens the notifications list. */
export function Bell() {
  const { t, data, navigate } = useView();
  const unread = data.unreadCount ?? (data.notifications ?? []).filter((n) => !n.read).length;
  return (
    <button
      type="button"
      className="ba-icon-button ba-bell"
      aria-label={unread ? t("notifications.bell_unread", { count: unread }) : t("notifications.bell")}
      onClick={() => navigate({ page: "notifications" })}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unread ? (
        <span className="ba-badge" aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </button>
  );
}
