import { type ComponentType, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import {
  COVER_SIZES,
  COVER_WIDTHS,
  hasVariants,
  Picture,
  posterCover,
  SIMULATOR_COVER_WIDTH,
  SIMULATOR_LOGO_WIDTH,
  variantUrl,
} from "./images.tsx";
import type { SimulatorScreenProps } from "./SimulatorScreen.tsx";
import { safeHref } from "./safe.ts";

interface Props extends SimulatorScreenProps {
  label: string;
}

/**
 * The app's first screen as the server draws it (its header and cover), shown in the frame until the
 * views arrive; attaching the shadow root then hides it. The cover is usually the page's largest image,
 * so it is in the first HTML, fetched first, at the size the frame shows.
 */
function Poster({ definition }: Pick<SimulatorScreenProps, "definition">) {
  const cover = posterCover(definition);
  const logo = safeHref(definition.logo);
  return (
    <div className="promo-poster" aria-hidden="true">
      <div className="promo-poster-header">
        {logo ? (
          <img src={variantUrl(logo, SIMULATOR_LOGO_WIDTH)} alt="" width={40} height={40} decoding="async" />
        ) : null}
        <span>{definition.name}</span>
      </div>
      {cover ? (
        <Picture
          className="promo-poster-cover"
          src={cover}
          alt=""
          width={272}
          height={170}
          widths={COVER_WIDTHS}
          sizes={COVER_SIZES}
          priority
        />
      ) : null}
    </div>
  );
}

/** The definition the simulator draws: the logo and cover as the WebP variants the poster already fetched. */
function withVariants(definition: SimulatorScreenProps["definition"]): SimulatorScreenProps["definition"] {
  const { logo, cover } = definition;
  return {
    ...definition,
    logo: hasVariants(logo) ? variantUrl(logo, SIMULATOR_LOGO_WIDTH) : logo,
    cover: hasVariants(cover) ? variantUrl(cover, SIMULATOR_COVER_WIDTH) : cover,
  };
}

/**
 * The app itself in a phone frame: the widget's own views (the preview is the product), inside a shadow
 * root so the widget's styles and the page's styles cannot meet. The views are most of the page's script,
 * so they load as a separate chunk after hydration; the frame has its fixed size in the server's HTML, so
 * nothing moves when the screen appears.
 */
export function Simulator({ label, definition, ...screen }: Props) {
  const host = useRef<HTMLElement>(null);
  const [target, setTarget] = useState<{ shadow: ShadowRoot; Screen: ComponentType<SimulatorScreenProps> }>();

  useEffect(() => {
    let live = true;
    import("./SimulatorScreen.tsx").then(({ default: Screen }) => {
      const el = host.current;
      if (live && el) setTarget({ shadow: el.shadowRoot ?? el.attachShadow({ mode: "open" }), Screen });
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <figure className="promo-phone">
      <section
        className="promo-phone-screen"
        ref={host}
        aria-label={label}
        // The screen scrolls when the app is taller than the phone; keyboard users must be able to scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region has to take focus (WCAG 2.1.1).
        tabIndex={0}
        data-testid="promo-simulator"
      >
        <Poster definition={definition} />
      </section>
      {target
        ? createPortal(
            <target.Screen {...screen} definition={withVariants(definition)} />,
            target.shadow as unknown as Element,
          )
        : null}
    </figure>
  );
}
