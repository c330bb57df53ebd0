/**
 * Styles of the widget's own chrome (account menu and panels, debug overlay). `.ba-shell` resets every
 * property with `all: initial`: inside a shadow root nothing of the host's stylesheets matches, and this
 * also stops what the host element would pass down by inheritance (colour, font, text-transform…).
 */
export const shellStyles = `
.ba-shell{all:initial;display:block;position:relative;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:14px;line-height:1.4;color:#1f2329;background:#fff;text-align:left}
.ba-account{position:relative;font-size:14px}
.ba-account-menu{display:flex;justify-content:flex-end;gap:12px;padding:6px 12px}
.ba-link{border:0;background:none;padding:4px 0;color:#1a5fd0;text-decoration:underline;cursor:pointer;font:inherit;min-height:24px}
.ba-account-prompt{display:flex;flex-direction:column;gap:4px;margin:0 12px 8px;padding:10px 12px;border:1px solid #d0d5dd;border-radius:8px;background:#f8f9fb}
.ba-account-panel{position:relative;margin:0 12px 12px;padding:12px;border:1px solid #d0d5dd;border-radius:8px;background:#fff}
.ba-account-close{position:absolute;top:4px;right:6px;min-width:32px;min-height:32px;border:0;background:none;font-size:20px;cursor:pointer;color:#1f2329}
.ba-account-form{display:flex;flex-direction:column;gap:8px}
.ba-account-title{margin:0;font-size:17px}
.ba-account-subtitle{margin:12px 0 4px;font-size:15px}
.ba-account-text,.ba-account-notice{margin:0}
.ba-account-error{margin:4px 12px;color:#b42318}
.ba-field{display:flex;flex-direction:column;gap:2px;margin-bottom:6px}
.ba-field input{font:inherit;color:#1f2329;padding:8px;border:1px solid #98a2b3;border-radius:6px;background:#fff}
.ba-account-actions{display:flex;flex-wrap:wrap;gap:8px}
.ba-button{font:inherit;padding:8px 14px;border:1px solid #98a2b3;border-radius:6px;background:#fff;color:#1f2329;cursor:pointer;min-height:36px}
.ba-button-primary{background:#1a5fd0;border-color:#1a5fd0;color:#fff}
.ba-button:disabled{opacity:.6;cursor:default}
.ba-vehicles{list-style:none;margin:0;padding:0}
.ba-vehicle{display:flex;justify-content:space-between;align-items:center;padding:4px 0}
.ba-debug{position:fixed;right:8px;bottom:8px;z-index:2147483647;max-width:320px;padding:8px 10px;border-radius:6px;background:rgba(17,24,39,.92);color:#f9fafb;font:12px/1.4 ui-monospace,monospace}
.ba-debug dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:2px 8px}
.ba-debug dt{color:#9ca3af}
.ba-debug dd{margin:0;word-break:break-all}
`;
