import { describe, expect, it } from "vitest";
import { PRODUCT_NAME, poweredBy, poweredByFromEnv } from "./powered-by.ts";

const origin = "https://apps.example.com";
const sister = { name: "Fleet Apps", url: "https://fleet.example.com/" };
const car = { domainType: "Auto", makeModelType: "Car", multiappId: null };

describe("'Powered by' link", () => {
  it("links Auto apps to our brand, on this server's origin unless configured", () => {
    expect(poweredBy(car, { brand: { name: PRODUCT_NAME } }, origin)).toEqual({
      name: PRODUCT_NAME,
      url: `${origin}/`,
    });
    const config = poweredByFromEnv({
      PROMO_BRAND_NAME: "Dealer Apps",
      PROMO_BRAND_URL: "https://dealer.example/",
    });
    expect(poweredBy({ ...car, makeModelType: "Powersport" }, config, origin)).toEqual({
      name: "Dealer Apps",
      url: "https://dealer.example/",
    });
  });

  it("links Truck and Trailer apps to the sister brand, and shows nothing while it is not configured", () => {
    const config = poweredByFromEnv({
      PROMO_SISTER_BRAND_NAME: sister.name,
      PROMO_SISTER_BRAND_URL: sister.url,
    });
    expect(poweredBy({ ...car, makeModelType: "Truck" }, config, origin)).toEqual(sister);
    expect(poweredBy({ ...car, makeModelType: "Trailer" }, config, origin)).toEqual(sister);
    expect(poweredBy({ ...car, makeModelType: "Truck" }, poweredByFromEnv({}), origin)).toBeNull();
  });

  it("is hidden for white-label domains and multi-app groups", () => {
    const config = poweredByFromEnv({});
    expect(poweredBy({ ...car, domainType: "Restaurant" }, config, origin)).toBeNull();
    expect(poweredBy({ ...car, domainType: "WebPromos" }, config, origin)).toBeNull();
    expect(
      poweredBy({ ...car, multiappId: "4a1f0c1e-0000-4000-8000-000000000000" }, config, origin),
    ).toBeNull();
  });

  it("ignores brand URLs that are not http(s)", () => {
    const config = poweredByFromEnv({
      PROMO_BRAND_URL: "javascript:alert(1)",
      PROMO_SISTER_BRAND_NAME: "X",
      PROMO_SISTER_BRAND_URL: "javascript:alert(1)",
    });
    expect(config.brand.url).toBeUndefined();
    expect(config.sisterBrand).toBeUndefined();
  });
});
