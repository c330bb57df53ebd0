import { type ReactNode, useEffect, useRef } from "react";
import { useView } from "../context.ts";

/**
 * A screen below home: a bar with the back button and the screen's title, then its content. The title
 * is the screen's heading so assistive technology lands on it.
 */
export function Screen({
  title,
  page,
  children,
}: {
  title: string;
  /** Analytics page id, also handy for tests and styling. */
  page: string;
  children: ReactNode;
}) {
  const { back, t, mode } = useView();
  const heading = useRef<HTMLHeadingElement>(null);
  // In the widget a new screen takes the focus, so keyboard and screen-reader users land on it. Never in
  // the builder: the preview must not pull the focus out of the editor being typed in.
  useEffect(() => {
    if (mode === "widget") heading.current?.focus({ preventScroll: true });
  }, [mode]);
  return (
    <div className="ba-screen" data-page={page}>
      <div className="ba-bar">
        <button type="button" className="ba-icon-button ba-back" aria-label={t("common.back")} onClick={back}>
          <span aria-hidden="true">‹</span>
        </button>
        <h2 className="ba-bar-title" ref={heading} tabIndex={-1}>
          {title}
        </h2>
      </div>
      <div className="ba-screen-body">{children}</div>
    </div>
  );
}

/** An empty list's message (spec §2, §8: 'No Coupons', 'No Promotions', ...). */
export const Empty = ({ text }: { text: string }) => <p className="ba-empty">{text}</p>;
