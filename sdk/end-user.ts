import type { AccountState } from "./account.ts";
import type { WidgetClient } from "./client.ts";
import type { EndUserApi } from "./views/types.ts";

/**
 * The views' calls for the signed-in end user (views/types.ts EndUserApi): the client's with this user's id
 * and token. null while nobody is signed in. One object per session, so the screens' effects that depend
 * on it run again only when the user signs in, out or as someone else. Part of the runtime chunk.
 */
export function endUserApi(client: WidgetClient) {
  let last: { userId: string; token: string; api: EndUserApi } | null = null;
  return (state: AccountState | null): EndUserApi | null => {
    const { userId, token } = state?.user ?? {};
    if (!state?.signedIn || !userId || !token) return null;
    if (last?.userId === userId && last.token === token) return last.api;
    const api: EndUserApi = {
      userId,
      offers: () => client.offers(userId, token),
      redeem: (body) => client.redeem(userId, token, body),
      loyaltyCards: (featureId) => client.loyaltyCards(userId, token, featureId),
      stamp: (featureId, code) => client.stamp(userId, token, featureId, code),
      points: () => client.points(userId, token),
      staffDirectory: () => client.staffDirectory(token),
      setAdvisor: (staffMemberId) => client.setAdvisor(userId, token, staffMemberId),
    };
    last = { userId, token, api };
    return api;
  };
}
