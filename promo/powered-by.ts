import { safeHref } from "./safe.ts";

export interface Brand {
  name: string;
  url: string;
}

/** The 'Powered by' link as the page draws it. */
export type PoweredBy = Brand;

export interface PoweredByConfig {
  /** Our own brand; its site defaults to this server's public origin (where businesses sign up). */
  brand: { name: string; url?: string };
  /** The sister brand that serves Truck and Trailer businesses (spec §2); its site is not named in the spec. */
  sisterBrand?: Brand;
}

/** The product's name as its API reference and package call it. */
export const PRODUCT_NAME = "Brand Apps";

/**
 * Reads the brands from the environment: PROMO_BRAND_NAME / PROMO_BRAND_URL for ours, and
 * PROMO_SISTER_BRAND_NAME / PROMO_SISTER_BRAND_URL for the Truck and Trailer sister brand.
 */
export function poweredByFromEnv(env: Record<string, string | undefined>): PoweredByConfig {
  const sisterUrl = safeHref(env.PROMO_SISTER_BRAND_URL);
  return {
    brand: { name: env.PROMO_BRAND_NAME || PRODUCT_NAME, url: safeHref(env.PROMO_BRAND_URL) },
    ...(sisterUrl && env.PROMO_SISTER_BRAND_NAME
      ? { sisterBrand: { name: env.PROMO_SISTER_BRAND_NAME, url: sisterUrl } }
      : {}),
  };
}

interface AppFacts {
  domainType: string;
  makeModelType: string;
  multiappId: string | null;
}

/**
 * Spec §2 only says the link shows "under some conditions" and that Truck and Trailer point to a sister
 * brand. Our conditions:
 * - only for Auto businesses: Restaurant and WebPromos apps are resold under the reseller's own name;
 * - not for apps in a multi-app group: groups are enterprise accounts with their own download app and brand;
 * - Truck and Trailer apps link to the sister brand, and show nothing while that brand is not configured
 *   (linking them to our own brand would send their customers to the wrong company);
 * - every other Auto app links to our own brand, whose site defaults to this server's origin.
 */
export function poweredBy(app: AppFacts, config: PoweredByConfig, origin: string): PoweredBy | null {
  if (app.domainType !== "Auto" || app.multiappId) return null;
  if (app.makeModelType === "Truck" || app.makeModelType === "Trailer") return config.sisterBrand ?? null;
  return { name: config.brand.name, url: config.brand.url ?? `${origin}/` };
}
