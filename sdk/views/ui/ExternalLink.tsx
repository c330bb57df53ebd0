import type { ReactNode } from "react";
import { useView } from "../context.ts";
import { safeUrl } from "../safe-url.ts";

/**
 * A link out of the app. It is a real anchor (new tab, no opener) so it works with the keyboard and the
 * context menu; a surface that wants to handle links itself passes onOpenLink. Unsafe addresses render as
 * plain text, never as a link.
 */
export function ExternalLink({
  href,
  className = "ba-button",
  label,
  children,
}: {
  href: string | null | undefined;
  /** The anchor's class; "" for none (a link wrapped around an image). */
  className?: string;
  /** The accessible name, when the visible text alone does not say where the link goes. */
  label?: string;
  children: ReactNode;
}) {
  const { onOpenLink } = useView();
  const url = safeUrl(href);
  if (!url) return null;
  return (
    <a
      className={className || undefined}
      href={url}
      aria-label={label}
      target="_blank"
      rel="noopener noreferrer"
      onClick={
        onOpenLink
          ? (e) => {
              e.preventDefault();
              onOpenLink(url);
            }
          : undefined
      }
    >
      {children}
    </a>
  );
}
