type Gtag = (...args: unknown[]) => void;
type TagWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag };

const loaded = new Set<string>();

/**
 * Mirrors a signal to the app's Google tags (spec §7). The tag script is added to the host page once per id,
 * only when an id is configured: the one change to the host the customer asked for by setting the id.
 */
export function mirrorToTags(ids: string[], name: string, data?: Record<string, unknown>) {
  if (!ids.length) return;
  const w = window as TagWindow;
  w.dataLayer ??= [];
  // gtag must push the arguments object itself, which is what the tag script reads.
  w.gtag ??= function gtag() {
    // biome-ignore lint/complexity/noArguments: the Google tag reads `arguments` objects from dataLayer
    w.dataLayer?.push(arguments);
  };
  for (const id of ids) {
    if (!loaded.has(id)) {
      loaded.add(id);
      const s = document.createElement("script");
      s.async = true;
      s.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
      document.head.appendChild(s);
      w.gtag("js", new Date());
      w.gtag("config", id, { send_page_view: false });
    }
    w.gtag("event", name, { ...data, send_to: id });
  }
}
