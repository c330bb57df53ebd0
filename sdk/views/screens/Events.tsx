import { isEventVisible } from "../../../core/rules.ts";
import type { Event } from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import { safeUrl } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { OfferDetail, OfferList } from "./Offers.tsx";

const events = {
  listPage: "events",
  detailsPage: "eventDetails",
  titleKey: "events.title",
  emptyKey: "events.empty",
} as const;

/** Events show while they have no end or their end is ahead (rule: core isEventVisible). */
export const visibleEvents = (list: Event[] | undefined, now: number): Event[] =>
  (list ?? []).filter((e) => isEventVisible(e, now));

/** spec §2 Events: the list, 'No Promotions' when empty. */
export function EventsScreen({ feature }: { feature: AnyFeature }) {
  const { definition, now } = useView();
  return <OfferList feature={feature} offers={visibleEvents(definition.events, now)} kind={events} />;
}

/** spec §2 event detail: 'More Info' only when a link exists, Share, and Calendar (an .ics file). */
export function EventDetailsScreen({ eventId }: { eventId?: string }) {
  const { t, definition, onShare, onAddToCalendar } = useView();
  return (
    <OfferDetail
      offer={definition.events?.find((e) => e.id === eventId)}
      kind={events}
      actions={(event) => {
        const link = safeUrl(event.link);
        return (
          <>
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
                  id: event.id,
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
          </>
        );
      }}
    />
  );
}
