import { describe, expect, it } from "vitest";
import { defaultPromo } from "../core/index.ts";
import type { MobileApp } from "../schemas/index.ts";
import { renderPromoPage } from "./server.tsx";
import { simulatorStyles } from "./styles.ts";

const logo = "/api/images/11111111-1111-4111-8111-111111111111.png";
const cover = "/api/images/22222222-2222-4222-8222-222222222222.png";

const page = (definition: MobileApp["definition"], promo = defaultPromo(definition.name ?? "", "Car")) =>
  renderPromoPage(
    {
      app: { appId: "a1", lang: "en", domainType: "Auto", makeModelType: "Car", definition },
      promo: { ...promo, bottomLogo: definition.logo },
      appId: "a1",
      multiappId: null,
      makeModelType: "Car",
      appleAppUrl: null,
      googleAppUrl: null,
      language: "en",
    },
    { origin: "https://apps.example.com", poweredBy: { brand: { name: "Brand Apps" } } },
  );

describe("promo images at the size shown", () => {
  it("draws the cover in the phone frame as WebP variants, preloaded with high priority, with its size", async () => {
    const html = await page({ name: "Sized Motors", logo, cover });
    const srcset = `${cover}?w=384 384w, ${cover}?w=768 768w`;
    expect(html).toContain(
      `<link rel="preload" as="image" type="image/webp" imagesrcset="${srcset}" imagesizes="(max-width:720px) 232px, 272px" fetchpriority="high">`,
    );
    // The preload comes before the styles and the script.
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf("<style>"));
    expect(html).toContain(
      `<picture><source type="image/webp" srcSet="${srcset}" sizes="(max-width:720px) 232px, 272px"/><img class="promo-poster-cover" src="${cover}" alt="" width="272" height="170" decoding="async" fetchPriority="high"/></picture>`,
    );
    // The logo: 64 px in the header, 40 px in the poster (the variant the simulator's views draw too).
    expect(html).toContain(
      `<picture><source type="image/webp" srcSet="${logo}?w=96 96w, ${logo}?w=192 192w" sizes="64px"/><img class="promo-logo" src="${logo}" alt="Sized Motors logo" width="64" height="64" decoding="async"/></picture>`,
    );
    expect(html).toContain(`<img src="${logo}?w=192" alt="" width="40" height="40" decoding="async"/>`);
    // The tab's icon is the same small variant.
    expect(html).toContain(`<link rel="icon" href="${logo}?w=192" type="image/webp">`);
    // The bottom logo is below the fold: lazy.
    expect(html).toMatch(
      /<img class="promo-bottom-logo" src="[^"]+" alt="Sized Motors" width="160" height="48" decoding="async" loading="lazy"\/>/,
    );
  });

  it("shows outside images as they are, with their size, and preloads nothing it cannot size", async () => {
    const html = await page({
      name: "Outside",
      logo: "https://cdn.example/logo.png",
      cover: "https://cdn.example/c.jpg",
    });
    expect(html).not.toContain("<picture>");
    expect(html).not.toContain("imagesrcset");
    expect(html).toContain(
      '<img class="promo-poster-cover" src="https://cdn.example/c.jpg" alt="" width="272" height="170" decoding="async" fetchPriority="high"/>',
    );
    expect(html).toContain(
      '<img class="promo-logo" src="https://cdn.example/logo.png" alt="Outside logo" width="64" height="64" decoding="async"/>',
    );
  });

  it("has no cover poster for slides or a video (the views show those first)", async () => {
    const html = await page({ name: "Slides", cover, coverSlides: [{ image: cover }] });
    expect(html).not.toContain('class="promo-poster-cover"');
    expect(html).not.toContain("imagesrcset");
  });
});

describe("simulator labels", () => {
  it("wrap between words or end in an ellipsis, never break inside a word", () => {
    expect(simulatorStyles).toContain(
      ".ba-root .ba-feature-title,.ba-root .ba-tile-text{overflow-wrap:normal;word-break:normal;hyphens:manual;overflow:hidden;text-overflow:ellipsis}",
    );
  });
});
