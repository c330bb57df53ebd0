import type { Deal, GloveboxDocument, RepairOrder, ServiceContract } from "../../schemas/dealer-data.ts";
import { type WidgetClient, widgetClient } from "../../sdk/client.ts";

/**
 * The portal's calls: the widget's own client (sign-in, profile, offers, redeem, notifications) plus the
 * signed-in customer's dealer records (server/routes/dealer-mobile.ts), sent the same way (the app header,
 * the sign-in token), succeeding only on 200 with the server's message otherwise.
 */
export function portalClient(appId: string) {
  const widget: WidgetClient = widgetClient({ apiBase: location.origin, appId });
  async function call<T>(
    path: string,
    token?: string,
    body?: unknown,
    method?: "PUT" | "DELETE",
  ): Promise<T> {
    const res = await fetch(`/api${path}`, {
      method: method ?? (body === undefined ? "GET" : "POST"),
      headers: {
        "x-app": appId,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (res.status !== 200) throw new Error(json?.error?.message || "Unknown error");
    return json.data as T;
  }
  const mine = <T>(path: string, userId: string, token: string) =>
    call<T>(`/mobile/users/${encodeURIComponent(userId)}/${path}`, token);
  return {
    widget,
    repairOrders: (userId: string, token: string) => mine<RepairOrder[]>("repair-orders", userId, token),
    deals: (userId: string, token: string) => mine<Deal[]>("deals", userId, token),
    serviceContracts: (userId: string, token: string) =>
      mine<ServiceContract[]>("service-contracts", userId, token),
    documents: (userId: string, token: string) => mine<GloveboxDocument[]>("documents", userId, token),
    /** A photo (or PDF) of a registration into the customer's glovebox (Upload Vehicles). */
    async uploadRegistration(userId: string, token: string, file: File): Promise<GloveboxDocument> {
      const form = new FormData();
      form.append("file", file, file.name);
      const res = await fetch(
        `/api/mobile/users/${encodeURIComponent(userId)}/documents?kind=registration&title=${encodeURIComponent(file.name.slice(0, 200))}`,
        { method: "POST", headers: { "x-app": appId, authorization: `Bearer ${token}` }, body: form },
      );
      const json = await res.json().catch(() => null);
      if (res.status !== 200) throw new Error(json?.error?.message || "Unknown error");
      return json.data as GloveboxDocument;
    },
    /** Save Offer, kept on the server for the signed-in customer (server/routes/saved-offers.ts). */
    savedOffers: (userId: string, token: string) => mine<SavedOffer[]>("saved-offers", userId, token),
    setSavedOffer: (userId: string, token: string, offerId: string, saved: boolean) =>
      call<unknown>(
        `/mobile/users/${encodeURIComponent(userId)}/saved-offers/${encodeURIComponent(offerId)}`,
        token,
        undefined,
        saved ? "PUT" : "DELETE",
      ),
    /** 'Please Provide Your Information' about an offer: a lead (server/routes/portal-offers.ts). */
    offerLead: (offerId: string, body: OfferLead) =>
      call<{ id: string }>(`/mobile/offers/${encodeURIComponent(offerId)}/leads`, undefined, body),
    /** Send Offer by e-mail or text, as the signed-in customer. */
    sendOffer: (
      userId: string,
      token: string,
      offerId: string,
      body: { channel: "email" | "sms"; to: string },
    ) =>
      call<{ sent: boolean }>(
        `/mobile/users/${encodeURIComponent(userId)}/offers/${encodeURIComponent(offerId)}/send`,
        token,
        body,
      ),
  };
}
/** One saved offer (GET /mobile/users/{userId}/saved-offers): last saved first. */
export interface SavedOffer {
  offerId: string;
  savedAt: string;
}
export interface OfferLead {
  name: string;
  phone: string;
  email: string;
  comments?: string;
  userId?: string;
}
export type PortalClient = ReturnType<typeof portalClient>;
