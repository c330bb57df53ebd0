import { lazy, Suspense, useState } from "react";
import { useView } from "../context.ts";
import { coverLink, isWithinTimeframe } from "../rules.ts";
import { safeImage } from "../safe-url.ts";
import type { Slide } from "./Slider.tsx";

/**
 * The slider (and XState with it, about 13 KB gzip) loads only for apps that have slides; until it arrives
 * the first slide stands still in its place, so nothing moves when it takes over.
 */
const Slider = lazy(() => import("./Slider.tsx").then((m) => ({ default: m.Slider })));

/** The slides an end user sees now: with an image and within their timeframe. */
export function visibleSlides(
  slides: { image?: string; path?: string; timeframe?: { from?: string; to?: string } }[] | undefined,
  now: number,
): Slide[] {
  return (slides ?? [])
    .filter((s) => s.image && safeImage(s.image) && isWithinTimeframe(s.timeframe, now))
    .map((s) => ({ image: s.image as string, path: s.path }));
}

/**
 * The cover (spec §2, §4): the slider when at least one slide is visible and the layout is not Tiles,
 * otherwise the cover image, which links out when a valid cover path is set and the image loaded.
 */
export function Cover({
  allowSlider,
  autoSlide,
  children,
}: {
  allowSlider: boolean;
  autoSlide?: boolean;
  children?: React.ReactNode;
}) {
  const { definition, now, t, onOpenLink } = useView();
  const [failed, setFailed] = useState(false);
  const slides = allowSlider ? visibleSlides(definition.coverSlides, now) : [];
  const name = definition.name ?? "";
  if (slides.length)
    return (
      <div className="ba-cover-wrap">
        <Suspense
          fallback={<img className="ba-slide-image" src={safeImage(slides[0].image)} alt={`${name} 1`} />}
        >
          <Slider slides={slides} auto={autoSlide} name={name} />
        </Suspense>
        {children}
      </div>
    );
  const src = safeImage(definition.cover);
  if (!src || !isWithinTimeframe(definition.coverTimeframe, now))
    return children ? <div className="ba-cover-wrap ba-cover-empty">{children}</div> : null;
  const img = (
    <img className="ba-cover" src={src} alt={t("home.cover", { name })} onError={() => setFailed(true)} />
  );
  const href = coverLink({ coverPath: definition.coverPath, sliderActive: false, hasError: failed });
  return (
    <div className="ba-cover-wrap">
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          onClick={
            onOpenLink
              ? (e) => {
                  e.preventDefault();
                  onOpenLink(href);
                }
              : undefined
          }
        >
          {img}
        </a>
      ) : (
        img
      )}
      {children}
    </div>
  );
}
