/**
 * Styles of the widget's own chrome (account menu and screens, debug overlay). `.ba-shell` resets every
 * property with `all: initial`: inside a shadow root nothing of the host's stylesheets matches, and this
 * also stops what the host element would pass down by inheritance (colour, font, text-transform…).
 */
export const shellStyles = `
.ba-shell{all:initial;display:block;position:relative;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:14px;line-height:1.4;color:#1f2329;background:#fff;text-align:left}
.ba-shell .ba-account{position:relative;font-size:14px}
.ba-shell .ba-account-menu{display:flex;justify-content:flex-end;gap:12px;padding:6px 12px}
.ba-shell .ba-account-menu .ba-link{min-height:24px;padding:4px 0;font:inherit}
.ba-shell .ba-account-prompt{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;margin:0 12px 8px;padding:10px 12px;border:1px solid #d0d5dd;border-radius:8px;background:#f8f9fb;color:#1f2329}
.ba-shell .ba-surface{display:flex;flex-direction:column;flex:1}
.ba-shell .ba-account-form{display:flex;flex-direction:column;gap:8px}
.ba-shell .ba-account-form .ba-field{margin-bottom:6px}
.ba-shell .ba-account-subtitle{margin:12px 0 4px;font-size:15px}
.ba-shell .ba-account-text,.ba-shell .ba-account-notice{margin:0}
.ba-shell .ba-account-error{margin:4px 12px;padding:8px 12px;border-radius:8px;background:#fef3f2;color:#b42318}
.ba-shell .ba-account-form-error{margin:4px 0;color:#b42318}
.ba-shell .ba-account-saved{margin:4px 0;color:#067647}
.ba-shell .ba-account-saved:empty{display:none}
.ba-shell .ba-button[aria-disabled=true]{opacity:.6;cursor:default}
.ba-shell .ba-account-actions{display:flex;flex-wrap:wrap;gap:8px}
.ba-shell .ba-vehicles{list-style:none;margin:0;padding:0}
.ba-shell .ba-vehicle{display:flex;justify-content:space-between;align-items:center;padding:4px 0}
.ba-debug{position:fixed;right:8px;bottom:8px;z-index:2147483647;max-width:320px;padding:8px 10px;border-radius:6px;background:rgba(17,24,39,.92);color:#f9fafb;font:12px/1.4 ui-monospace,monospace}
.ba-debug dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:2px 8px}
.ba-debug dt{color:#9ca3af}
.ba-debug dd{margin:0;word-break:break-all}
`;
