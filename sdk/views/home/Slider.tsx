import { useId } from "react";
import { SLIDER_DEFAULTS } from "../../../machines/slider.ts";
import { useView } from "../context.ts";
import { safeImage, safeUrl } from "../safe-url.ts";
import { COVER_SIZE } from "./sizes.ts";
import { useSlider } from "./useSlider.ts";

export interface Slide {
  image: string;
  path?: string;
}

/**
 * The cover slider (spec §4), driven by machines/slider.ts: auto-advance, loop, swipe, the drag threshold
 * that keeps a swipe from opening a slide's link, and a hint shown until the first mouse-over or touch (once
 * per device where the surface remembers it: onSliderHintHidden). Dots make
 * every slide reachable by keyboard.
 */
export function Slider({ slides, auto = true, name }: { slides: Slide[]; auto?: boolean; name: string }) {
  const { t, openLink, sliderHint, onSliderHintHidden } = useView();
  const id = useId();
  const { index, dragDx, dragging, hint, send, track, hideHint } = useSlider(
    slides.length,
    auto,
    openLink,
    sliderHint !== false,
    onSliderHintHidden,
  );
  const gap = SLIDER_DEFAULTS.gapPx;
  return (
    <section
      className="ba-slider"
      aria-roledescription="carousel"
      aria-label={t("home.slides")}
      onMouseEnter={hideHint}
    >
      <div
        className={dragging ? "ba-slider-track ba-dragging" : "ba-slider-track"}
        id={id}
        aria-live={auto ? "off" : "polite"}
        style={{
          gap: `${gap}px`,
          transform: `translateX(calc(${-index} * (100% + ${gap}px) + ${dragDx}px))`,
        }}
        {...track}
      >
        {slides.map((s, i) => {
          const img = (
            <img
              className="ba-slide-image"
              src={safeImage(s.image)}
              alt={`${name} ${i + 1}`}
              {...COVER_SIZE}
              draggable={false}
            />
          );
          const link = s.path && /^http/i.test(s.path.trim()) ? safeUrl(s.path) : undefined;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide (ARIA APG); fieldset would be wrong here
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id; their order is the key
              key={i}
              className="ba-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t("home.slide", { n: i + 1, count: slides.length })}
              // Hidden slides leave the tab order and the accessibility tree together.
              inert={i !== index}
            >
              {link ? (
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  draggable={false}
                  // The machine decides: no link after a drag over 10 px.
                  onClick={(e) => {
                    e.preventDefault();
                    send({ type: "slide.click", path: s.path });
                  }}
                >
                  {img}
                </a>
              ) : (
                img
              )}
            </div>
          );
        })}
      </div>
      {hint && slides.length > 1 ? (
        <p className="ba-slider-hint" aria-hidden="true">
          {t("home.hint")}
        </p>
      ) : null}
      {slides.length > 1 ? (
        <div className="ba-dots">
          {slides.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position
              key={i}
              type="button"
              className="ba-dot"
              aria-controls={id}
              aria-label={t("home.slide", { n: i + 1, count: slides.length })}
              aria-current={i === index}
              onClick={() => send({ type: "slider.goTo", index: i })}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
