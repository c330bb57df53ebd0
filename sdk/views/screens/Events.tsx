import { isEventVisible, OFFER_DESCRIPTION_MAX, truncate } from "../../../core/rules.ts";
import type { Event } from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import { offerDate } from "../dates.ts";
import { safeImage, safeUrl } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { Empty, Screen } from "../ui/Screen.tsx";

/** Events show while they have no end or their end is ahead (rule: core isEventVisible). */
export const visibleEvents = (events: Event[] | undefined, now: number): Event[] =>
  (events ?? []).filter((e) => isEventVisible(e, now));

/** spec §2 Events: the list, 'No Promotions' when empty. */
export function EventsScreen({ feature }: { feature: AnyFeature }) {
  const ctx = useView();
  const { t, navigate, definition, now } = ctx;
  const events = visibleEvents(definition.events, now);
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || t("events.title")} page="events">
      {events.length === 0 ? (
        <Empty text={t("events.empty")} />
      ) : (
        <ul className="ba-list">
          {events.map((e) => {
            const image = safeImage(e.image);
            const date = offerDate(ctx, e);
            return (
              <li key={e.id}>
                <button
                  type="button"
                  className="ba-card"
                  onClick={() => navigate({ page: "eventDetails", featureId: feature.id, itemId: e.id })}
                >
                  {image ? <img className="ba-card-image" src={image} alt="" /> : null}
                  <span className="ba-card-text">
                    <span className="ba-card-title">{e.title}</span>
                    {date ? <span className="ba-card-date">{date}</span> : null}
                    {e.description ? (
                      <span className="ba-card-desc">{truncate(e.description, OFFER_DESCRIPTION_MAX)}</span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Screen>
  );
}

/** spec §2 event detail: 'More Info' only when a link exists, Share, and Calendar (an .ics file). */
export function EventDetailsScreen({ eventId }: { eventId?: string }) {
  const ctx = useView();
  const { t, definition, onShare, onAddToCalendar } = ctx;
  const event = definition.events?.find((e) => e.id === eventId);
  if (!event)
    return (
      <Screen title={t("events.title")} page="eventDetails">
        <Empty text={t("events.empty")} />
      </Screen>
    );
  const image = safeImage(event.image);
  const link = safeUrl(event.link);
  const date = offerDate(ctx, event);
  return (
    <Screen title={event.title} page="eventDetails">
      <article className="ba-detail">
        {image ? <img className="ba-detail-image" src={image} alt="" /> : null}
        <h3 className="ba-detail-title">{event.title}</h3>
        {date ? <p className="ba-detail-date">{date}</p> : null}
        {event.description ? <p className="ba-detail-desc">{event.description}</p> : null}
        <div className="ba-actions">
          {link ? (
            <ExternalLink href={link} className="ba-button ba-button-secondary">
              {t("events.moreInfo")}
            </ExternalLink>
          ) : null}
          <button
            type="button"
            className="ba-button ba-button-secondary"
            onClick={() =>
              onShare?.({
                kind: "event",
                title: event.title,
                text: event.description ?? event.title,
                url: link,
              })
            }
          >
            {t("common.share")}
          </button>
          <button type="button" className="ba-button" onClick={() => onAddToCalendar?.(event)}>
            {t("events.calendar")}
          </button>
        </div>
      </article>
    </Screen>
  );
}
