/**
 * The widget's styles. They are rendered inside the shadow root (widget, builder preview, promo simulator),
 * so they neither leak into the host page nor get overridden by it; `:host` resets inherited properties.
 */
export const viewStyles = `
:host{all:initial;display:block;contain:content}
.ba-root{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:14px;line-height:1.4;color:var(--ba-text,#1f2329);background:var(--ba-bg,#fff);box-sizing:border-box;min-height:100%;display:flex;flex-direction:column}
.ba-root *,.ba-root *::before,.ba-root *::after{box-sizing:inherit}
.ba-header{display:flex;align-items:center;gap:10px;padding:10px 12px;background:var(--ba-header-bg,#fff);color:var(--ba-header-title,#1f2329)}
.ba-logo{width:40px;height:40px;object-fit:contain;border-radius:8px;flex:none}
.ba-name{margin:0;font-size:17px;font-weight:600;flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ba-cover{display:block;width:100%;aspect-ratio:16/10;object-fit:cover;background:#e9ecef}
.ba-cover-empty{display:flex;align-items:center;justify-content:center;color:#6b7280}
.ba-features{list-style:none;margin:0;padding:8px 12px;display:grid;grid-template-columns:repeat(auto-fill,minmax(72px,1fr));gap:8px}
.ba-feature{display:flex;flex-direction:column;align-items:center;gap:4px;font-size:11px;text-align:center;color:var(--ba-title,#1f2329)}
.ba-feature-icon{width:44px;height:44px;border-radius:var(--ba-icon-radius,0);background:var(--ba-icon-bg,#eef2ff);color:var(--ba-icon,#1f6feb);display:flex;align-items:center;justify-content:center;font-weight:700}
.ba-status{padding:24px;text-align:center;color:#6b7280}
.ba-error{color:#b42318}
`;
