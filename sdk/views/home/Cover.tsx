import { lazy, Suspense, useState } from "react";
import { coverLink, isWithinTimeframe } from "../../../core/rules.ts";
import { useView } from "../context.ts";
import { safeImage, safeUrl } from "../safe-url.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import type { Slide } from "./Slider.tsx";
import { COVER_SIZE } from "./sizes.ts";

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
  const { definition, now, t } = useView();
  const [failed, setFailed] = useState(false);
  const slides = allowSlider ? visibleSlides(definition.coverSlides, now) : [];
  const name = definition.name ?? "";
  if (slides.length)
    return (
      <div className="ba-cover-wrap">
        <Suspense
          fallback={
            <img
              className="ba-slide-image"
              src={safeImage(slides[0].image)}
              alt={`${name} 1`}
              {...COVER_SIZE}
            />
          }
        >
          <Slider slides={slides} auto={autoSlide} name={name} />
        </Suspense>
        <Brands />
        {children}
      </div>
    );
  const src = safeImage(definition.cover);
  const brands = <Brands />;
  const video = definition.coverVideo;
  const videoSrc = safeImage(video?.url);
  if (videoSrc && isWithinTimeframe(definition.coverTimeframe, now))
    return (
      <div className="ba-cover-wrap">
        {/* Browsers autoplay only muted video; an unmuted one waits for the visitor's play. */}
        <video
          className="ba-cover-video"
          src={videoSrc}
          {...COVER_SIZE}
          poster={src}
          muted={video?.muted !== false}
          autoPlay={video?.muted !== false}
          controls={video?.muted === false}
          loop
          playsInline
          aria-label={t("home.cover", { name })}
        />
        {brands}
        {children}
      </div>
    );
  if (!src || !isWithinTimeframe(definition.coverTimeframe, now))
    return children ? <div className="ba-cover-wrap ba-cover-empty">{children}</div> : null;
  const img = (
    <img
      className="ba-cover"
      src={src}
      alt={t("home.cover", { name })}
      {...COVER_SIZE}
      onError={() => setFailed(true)}
    />
  );
  // coverLink applies the URL policy; the widget's sanitiser checks again, as for every link it renders.
  const href = safeUrl(coverLink({ coverPath: definition.coverPath, sliderActive: false, hasError: failed }));
  return (
    <div className="ba-cover-wrap">
      {href ? (
        <ExternalLink href={href} className="">
          {img}
        </ExternalLink>
      ) : (
        img
      )}
      {brands}
      {children}
    </div>
  );
}

/** The brand logos over the cover (definition.coverBrands), each a link when it has a path. */
function Brands() {
  const { definition } = useView();
  const brands = (definition.coverBrands ?? []).filter((b) => safeImage(b.image));
  if (!brands.length) return null;
  return (
    <ul className="ba-brands">
      {brands.map((b, i) => {
        const logo = <img src={safeImage(b.image)} alt={b.name ?? ""} width={64} height={32} />;
        const href = safeUrl(b.path);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: brands have no id; their order is the key
          <li key={i}>
            {href ? (
              <ExternalLink href={href} className="" label={b.name || href}>
                {logo}
              </ExternalLink>
            ) : (
              logo
            )}
          </li>
        );
      })}
    </ul>
  );
}
