/**
 * The bootstrap of a partner screen's frame (issue 20, sdk/views/partner.ts). The widget, the builder's preview
 * and the promo simulator draw a partner's screen in `<iframe sandbox="allow-scripts allow-forms">` whose
 * document is /partner/{name}@{version}/frame.html: an opaque origin, so the partner's code reaches no storage,
 * cookie or parent DOM, and its CSP (connect-src 'none') lets it call nowhere. This file imports the
 * package's screen module (the sibling screen.js of the frame's URL, fixed by the server), waits for the
 * props the parent posts (the feature, the language, the strings, the theme) and calls `mount(root, props)`.
 * The documented callbacks become messages the parent checks; the content's height goes up so the parent
 * sizes the frame. Messages are matched on their source window: the frame's origin is "null".
 */

const root = /** @type {HTMLElement} */ (document.getElementById("root"));
const screen = import(new URL("screen.js", window.location.href).href);
/** The parent is the widget on any dealer's site, so no target origin can be named; nothing secret goes up. */
const post = (message) => window.parent.postMessage(message, "*");

/** The theme's custom properties (styles.ts reads them) and font, as the parent read them from its page. */
const THEME = /^--ba-[a-z-]{1,30}$/;

/** A dotted key in a tree of strings, as sdk/views/i18n.ts's lookup. */
function lookup(tree, key) {
  let node = tree;
  for (const part of String(key).split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

const fill = (text, vars) =>
  vars ? text.replace(/\{\{(\w+)\}\}/g, (m, name) => (name in vars ? String(vars[name]) : m)) : text;

function deepFreeze(value) {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

let cleanUp;

async function mount(props) {
  let mod;
  try {
    mod = await screen;
    if (typeof mod?.mount !== "function") throw new Error("its screen exports no mount()");
  } catch (err) {
    console.error("brand-app: the partner screen could not be loaded", err);
    post({ type: "failed" });
    return;
  }
  const theme = props.theme && typeof props.theme === "object" ? props.theme : {};
  const box = /** @type {HTMLElement} */ (root.parentElement);
  for (const [name, value] of Object.entries(theme))
    if (THEME.test(name) && typeof value === "string" && value.length <= 200)
      box.style.setProperty(name, value);
  if (typeof props.font === "string" && props.font.length <= 300) box.style.fontFamily = props.font;
  const lang = typeof props.lang === "string" ? props.lang : "en";
  document.documentElement.lang = lang;
  const strings = props.strings && typeof props.strings === "object" ? props.strings : {};
  const fallback = props.fallback && typeof props.fallback === "object" ? props.fallback : {};
  try {
    cleanUp?.();
  } catch {}
  root.replaceChildren();
  try {
    cleanUp = mod.mount(root, {
      feature: deepFreeze(props.feature ?? {}),
      appId: String(props.appId ?? ""),
      lang,
      mode: props.mode,
      t: (key, vars) => fill(lookup(strings, key) ?? lookup(fallback, key) ?? String(key), vars),
      openLink: (url) => post({ type: "openLink", url: String(url) }),
      back: () => post({ type: "back" }),
    });
  } catch (err) {
    console.error("brand-app: the partner screen failed", err);
    cleanUp = undefined;
  }
}

window.addEventListener("message", (event) => {
  if (event.source !== window.parent) return;
  const message = event.data;
  if (message && typeof message === "object" && message.type === "props" && message.props)
    void mount(message.props);
});

// The parent sizes the frame to its content (bounded there); the root is measured, not the page, so a
// smaller content lets the frame shrink again.
new ResizeObserver(() =>
  post({ type: "resize", height: Math.ceil(root.getBoundingClientRect().height) }),
).observe(root);

post({ type: "ready" });
