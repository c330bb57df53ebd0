import { type Static, Type } from "@sinclair/typebox";
import { image, Timeframe } from "./common.ts";
import { url } from "./url.ts";

/** A cover slide (spec §3: image, path, timeframe); the slider shows the visible ones. */
export const CoverSlide = Type.Object(
  {
    image: image(),
    path: Type.Optional(url({ title: "Link" })),
    timeframe: Type.Optional(Timeframe),
  },
  { additionalProperties: false },
);
export type CoverSlide = Static<typeof CoverSlide>;

/** A cover video; `muted` so it may autoplay. */
export const CoverVideo = Type.Object(
  {
    url: url({ required: true, title: "Video URL" }),
    muted: Type.Boolean({ title: "Muted", default: true }),
  },
  { additionalProperties: false },
);

/** A brand logo shown over the cover. */
export const CoverBrand = Type.Object(
  {
    name: Type.Optional(Type.String({ title: "Brand", maxLength: 100 })),
    image: image("Logo"),
    path: Type.Optional(url({ title: "Link" })),
  },
  { additionalProperties: false },
);

/** Slider defaults (spec §4, §9). */
export const SLIDER = { intervalMs: 5000, gapPx: 4, swipePx: 100, dragPx: 10 } as const;
