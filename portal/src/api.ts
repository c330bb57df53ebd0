import type { Deal, RepairOrder, ServiceContract } from "../../schemas/dealer-data.ts";
import { type WidgetClient, widgetClient } from "../../sdk/client.ts";

/**
 * The portal's calls: the widget's own client (sign-in, profile, offers, redeem, notifications) plus the
 * signed-in customer's dealer records (server/routes/dealer-mobile.ts), sent the same way (the app header,
 * the sign-in token), succeeding only on 200 with the server's message otherwise.
 */
export function portalClient(appId: string) {
  const widget: WidgetClient = widgetClient({ apiBase: location.origin, appId });
  async function mine<T>(path: string, userId: string, token: string): Promise<T> {
    const res = await fetch(`/api/mobile/users/${encodeURIComponent(userId)}/${path}`, {
      headers: { "x-app": appId, authorization: `Bearer ${token}` },
    });
    const body = await res.json().catch(() => null);
    if (res.status !== 200) throw new Error(body?.error?.message || "Unknown error");
    return body.data as T;
  }
  return {
    widget,
    repairOrders: (userId: string, token: string) => mine<RepairOrder[]>("repair-orders", userId, token),
    deals: (userId: string, token: string) => mine<Deal[]>("deals", userId, token),
    serviceContracts: (userId: string, token: string) =>
      mine<ServiceContract[]>("service-contracts", userId, token),
  };
}
export type PortalClient = ReturnType<typeof portalClient>;
