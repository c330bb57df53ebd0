/**
 * The widget's box (issue 11): its size is known before the bundle or the app data arrive, so neither the
 * host page nor the widget's own content moves when they do. As wide as its container up to 480 px, a
 * phone screen's proportions (9:16); what is taller scrolls inside. The loader puts it on the element it
 * mounts (so it holds before the bundle), and the shadow root's `:host(brand-app)` rule on any other.
 */
export const WIDGET_BOX = "display:block;width:100%;max-width:480px;aspect-ratio:9/16;overflow:hidden";
