import { WIDGET_BOX } from "../box.ts";

/** The account menu's fixed height in the widget: home keeps this room for it until the runtime draws it. */
const ACCOUNT_MENU_PX = 40;
/** The cover's (and slider's) greatest height, however wide the container. */
export const COVER_MAX_PX = 320;

/**
 * The views' styles. They are rendered inside the shadow root (widget, builder preview, promo simulator),
 * so they neither leak into the host page nor get overridden by it; `:host` resets inherited properties.
 * Theme colours arrive as custom properties set by AppView; the fallbacks keep WCAG AA contrast.
 * Kept as one string because the widget injects it in a single <style>; sections follow the view files.
 * Rules are scoped under .ba-root so the widget's own chrome (sdk/account, with its own .ba-button and
 * .ba-field) and these views cannot restyle each other; the exported building blocks (message box, banner,
 * panel) keep unscoped class names because the sdk also uses them outside the views.
 */
export const viewStyles = `
:host{all:initial;display:block;contain:content}
.ba-root{position:relative;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:14px;line-height:1.4;color:var(--ba-text,#1f2329);background:var(--ba-bg,#fff);box-sizing:border-box;min-height:100%;display:flex;flex-direction:column}
.ba-root *,.ba-root *::before,.ba-root *::after{box-sizing:inherit}
.ba-root img{max-width:100%}
.ba-root button,.ba-root input,.ba-root select,.ba-root textarea{font:inherit;color:inherit}
.ba-root :focus-visible{outline:2px solid #1a5fd0;outline-offset:2px}
.ba-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.ba-root .ba-home,.ba-root .ba-screen{display:flex;flex-direction:column;flex:1}
.ba-root .ba-header{display:flex;align-items:center;gap:10px;padding:10px 12px;background:var(--ba-header-bg,#fff);color:var(--ba-header-title,#1f2329)}
.ba-root .ba-logo{width:40px;height:40px;object-fit:contain;border-radius:8px;flex:none}
.ba-root .ba-name{margin:0;font-size:17px;font-weight:600;flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ba-icon-button{display:inline-flex;align-items:center;justify-content:center;position:relative;min-width:36px;min-height:36px;padding:4px;border:0;border-radius:50%;background:transparent;color:inherit;cursor:pointer;font-size:22px;line-height:1}
.ba-root .ba-badge{position:absolute;top:0;right:0;min-width:18px;height:18px;padding:0 4px;border-radius:9px;background:#b42318;color:#fff;font-size:11px;font-weight:700;line-height:18px;text-align:center}
.ba-root .ba-cover-wrap{position:relative}
.ba-root .ba-cover-wrap>a{display:block}
.ba-root .ba-cover{display:block;width:100%;aspect-ratio:16/10;object-fit:cover;background:#e9ecef}
.ba-root .ba-cover-video{display:block;width:100%;aspect-ratio:16/10;object-fit:cover;background:#000}
.ba-root .ba-brands{position:absolute;left:0;right:0;bottom:6px;display:flex;justify-content:center;gap:8px;margin:0;padding:0;list-style:none}
.ba-root .ba-brands img{display:block;height:32px;width:auto;padding:2px 6px;border-radius:6px;background:rgba(255,255,255,.9)}
.ba-root .ba-cover-empty{min-height:120px;background:#e9ecef}
.ba-root .ba-cover-logo{position:absolute;left:50%;top:50%;width:96px;height:96px;object-fit:contain;transform:translate(-50%,-50%);border-radius:12px;background:rgba(255,255,255,.85);padding:8px}
.ba-root .ba-slider{position:relative;overflow:hidden;touch-action:pan-y;user-select:none}
.ba-root .ba-slider-track{display:flex;transition:transform .35s ease}
.ba-root .ba-slider-track.ba-dragging{transition:none}
.ba-root .ba-slide{flex:0 0 100%;cursor:pointer}
.ba-root .ba-slide-image{display:block;width:100%;aspect-ratio:16/10;object-fit:cover;pointer-events:none}
.ba-root .ba-slider-hint{position:absolute;left:50%;bottom:28px;transform:translateX(-50%);margin:0;padding:4px 10px;border-radius:12px;background:rgba(0,0,0,.72);color:#fff;font-size:12px;pointer-events:none}
.ba-root .ba-dots{position:absolute;left:0;right:0;bottom:6px;display:flex;justify-content:center;gap:2px}
.ba-root .ba-dot{width:24px;height:24px;padding:0;border:0;background:transparent;cursor:pointer;position:relative}
.ba-root .ba-dot::after{content:"";position:absolute;left:8px;top:8px;width:8px;height:8px;border-radius:50%;background:rgba(255,255,255,.7);box-shadow:0 0 0 1px rgba(0,0,0,.5)}
.ba-root .ba-dot[aria-current=true]::after{background:#fff;transform:scale(1.3)}
.ba-root .ba-tiles{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;position:absolute;inset:0;overflow:auto}
.ba-root .ba-cover-wrap:has(.ba-tiles){min-height:260px}
.ba-root .ba-tile{position:relative;overflow:hidden;background:rgba(0,0,0,.25);perspective:600px}
.ba-root .ba-round .ba-tile{border-radius:10px}
.ba-root .ba-tile-button{display:block;width:100%;height:100%;padding:0;border:0;background:transparent;cursor:pointer}
.ba-root .ba-tile-slide{position:absolute;inset:0;display:flex;align-items:flex-end;animation-duration:.6s;animation-fill-mode:both}
.ba-root .ba-tile-slide img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.ba-root .ba-tile-text{position:relative;margin:8px;padding:2px 6px;border-radius:4px;background:rgba(0,0,0,.72);color:#fff;font-size:13px}
.ba-root .ba-anim-opacity{animation-name:ba-fade}
.ba-root .ba-anim-flip-x{animation-name:ba-flip-x}
.ba-root .ba-anim-flip-y{animation-name:ba-flip-y}
.ba-root .ba-anim-slide-left{animation-name:ba-slide-left}
.ba-root .ba-anim-slide-right{animation-name:ba-slide-right}
.ba-root .ba-anim-slide-top{animation-name:ba-slide-top}
.ba-root .ba-anim-slide-bottom{animation-name:ba-slide-bottom}
@keyframes ba-fade{from{opacity:0}}
@keyframes ba-flip-x{from{transform:rotateX(90deg)}}
@keyframes ba-flip-y{from{transform:rotateY(90deg)}}
@keyframes ba-slide-left{from{transform:translateX(100%)}}
@keyframes ba-slide-right{from{transform:translateX(-100%)}}
@keyframes ba-slide-top{from{transform:translateY(100%)}}
@keyframes ba-slide-bottom{from{transform:translateY(-100%)}}
@media (prefers-reduced-motion:reduce){.ba-tile-slide,.ba-slider-track,.ba-collapse-body{animation:none;transition:none}}
.ba-root .ba-features{list-style:none;margin:0;padding:8px 12px;display:grid;grid-template-columns:repeat(auto-fill,minmax(72px,1fr));gap:8px}
.ba-root .ba-row-features{list-style:none;margin:0;padding:8px 4px;display:grid;gap:4px}
.ba-root .ba-row-features .ba-feature{font-size:inherit}
.ba-root .ba-overflow[hidden]{display:none}
.ba-root .ba-feature{display:flex;flex-direction:column;align-items:center;font-size:11px;text-align:center;color:var(--ba-title,#1f2329)}
.ba-root .ba-feature-button{display:flex;flex-direction:column;align-items:center;gap:4px;width:100%;padding:4px 2px;border:0;border-radius:8px;background:transparent;color:inherit;font-size:inherit;cursor:pointer}
.ba-root .ba-feature-title{overflow-wrap:break-word;hyphens:auto;max-width:100%}
.ba-root .ba-feature-icon{width:44px;height:44px;border-radius:var(--ba-icon-radius,0);background:var(--ba-icon-bg,#eef2ff);color:var(--ba-icon,#1a5fd0);display:flex;align-items:center;justify-content:center;font-weight:700;font-size:18px;overflow:hidden}
.ba-root .ba-feature-icon img{width:70%;height:70%;object-fit:contain}
.ba-root .ba-icon-mask{width:70%;height:70%;background:currentColor;-webkit-mask-size:contain;mask-size:contain;-webkit-mask-repeat:no-repeat;mask-repeat:no-repeat;-webkit-mask-position:center;mask-position:center}
.ba-root .ba-bar{display:flex;align-items:center;gap:6px;min-height:48px;padding:4px 8px;background:var(--ba-header-bg,#fff);color:var(--ba-header-title,#1f2329);border-bottom:1px solid #e5e7eb}
.ba-root .ba-bar-title{margin:0;font-size:17px;font-weight:600;flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ba-root .ba-back{font-size:28px}
.ba-root .ba-screen-body{padding:12px;flex:1}
.ba-root .ba-empty,.ba-root .ba-note{color:#4b5563;text-align:center;padding:24px 8px;margin:0}
.ba-root .ba-note{padding:4px 0;text-align:left}
.ba-root .ba-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:10px}
.ba-root .ba-card{display:flex;gap:10px;width:100%;padding:8px;border:1px solid #e5e7eb;border-radius:10px;background:#fff;color:#1f2329;text-align:left;cursor:pointer}
.ba-root .ba-card-image{width:72px;height:72px;object-fit:cover;border-radius:6px;flex:none}
.ba-root .ba-card-text{display:flex;flex-direction:column;gap:2px;min-width:0}
.ba-root .ba-card-title{font-weight:600}
.ba-root .ba-card-date{font-size:12px;color:#4b5563}
.ba-root .ba-card-desc{font-size:13px;color:#374151}
.ba-root .ba-unread .ba-card{border-color:#1a5fd0;border-width:2px}
.ba-root .ba-detail{display:flex;flex-direction:column;gap:8px}
.ba-root .ba-detail-image{width:100%;max-height:240px;object-fit:cover;border-radius:10px}
.ba-root .ba-detail-title{margin:0;font-size:18px}
.ba-root .ba-detail-date{margin:0;color:#4b5563;font-size:13px}
.ba-root .ba-detail-desc{margin:0;white-space:pre-wrap}
.ba-root .ba-detail-subtitle{margin:8px 0 0;font-size:15px}
.ba-root .ba-actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.ba-root .ba-button{display:inline-flex;align-items:center;justify-content:center;min-height:40px;padding:8px 16px;border:1px solid #1a5fd0;border-radius:8px;background:#1a5fd0;color:#fff;font-weight:600;text-decoration:none;cursor:pointer}
.ba-root .ba-button[disabled]{opacity:.6;cursor:default}
.ba-root .ba-button-secondary{background:#fff;color:#1a5fd0}
.ba-root .ba-button-danger{background:#b42318;border-color:#b42318}
.ba-root .ba-button-small{min-height:32px;padding:4px 12px;font-size:13px}
.ba-root .ba-link{padding:0;border:0;background:none;color:#1a5fd0;text-decoration:underline;cursor:pointer}
.ba-root .ba-rows{list-style:none;margin:0 0 12px;padding:0}
.ba-root .ba-row{display:flex;align-items:center;gap:8px;padding:8px 0;border-bottom:1px solid #e5e7eb}
.ba-root .ba-row-text{flex:1;min-width:0;overflow-wrap:break-word}
.ba-root .ba-group{margin:12px 0}
.ba-root .ba-group-title{display:flex;align-items:center;gap:8px;margin:0 0 4px;font-size:15px}
.ba-root .ba-group-image{width:32px;height:32px;border-radius:50%;object-fit:cover}
.ba-root .ba-staff-name{display:block;font-weight:600}
.ba-root .ba-staff-role{display:block;font-size:13px}
.ba-root .ba-staff-mine{display:inline-block;margin-top:2px;font-size:12px;font-weight:600}
.ba-root .ba-contact-head{display:flex;flex-direction:column;align-items:center;gap:6px;margin-bottom:8px}
.ba-root .ba-contact-logo{width:72px;height:72px;object-fit:contain}
.ba-root .ba-contact-name{margin:0;font-weight:600;font-size:16px}
.ba-root .ba-calling{align-items:center;justify-content:space-between;padding:48px 16px;background:#1f2329;color:#fff;min-height:420px}
.ba-root .ba-calling-body{display:flex;flex-direction:column;align-items:center;gap:16px}
.ba-root .ba-calling-icon{font-size:48px}
.ba-root .ba-calling-title{margin:0;font-size:20px;text-align:center}
.ba-root .ba-calling-title a{color:#fff}
.ba-root .ba-form{display:flex;flex-direction:column;gap:10px}
.ba-root .ba-field{display:flex;flex-direction:column;gap:4px}
.ba-root .ba-field label{font-weight:600;font-size:13px}
.ba-root .ba-field input,.ba-root .ba-field select,.ba-root .ba-field textarea,.ba-root .ba-chat-input input{width:100%;padding:8px 10px;border:1px solid #6b7280;border-radius:6px;background:#fff;color:#1f2329}
.ba-root .ba-field input[readonly],.ba-root .ba-field textarea[readonly]{background:#f3f4f6}
.ba-root .ba-field-check{flex-direction:row;align-items:center;flex-wrap:wrap}
.ba-root .ba-field-check input{width:auto}
.ba-root .ba-field-hint{font-size:12px;color:#4b5563}
.ba-root .ba-field-inline{flex-direction:row;align-items:center}
.ba-root .ba-chat{display:flex;flex-direction:column;padding:12px 0;min-height:200px}
.ba-root .ba-bubble{align-self:flex-end;max-width:80%;margin:0;padding:8px 12px;border-radius:16px 16px 4px 16px;background:#1a5fd0;color:#fff}
.ba-root .ba-chat-input{display:flex;gap:8px;align-items:center}
.ba-root .ba-address{margin:0 0 8px}
.ba-root .ba-map{width:100%;height:360px;border:0;border-radius:8px}
.ba-root .ba-weblink,.ba-root .ba-center{display:flex;flex-direction:column;align-items:center;gap:16px;padding:48px 8px;text-align:center}
.ba-root .ba-weblink-note{margin:0;font-weight:700;color:#4b5563;letter-spacing:.04em}
.ba-root .ba-big{margin:0;font-size:20px;font-weight:600}
.ba-root .ba-stamps{list-style:none;margin:8px 0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(44px,1fr));gap:8px;justify-items:center}
.ba-root .ba-stamp{width:44px;height:44px;border-radius:50%;border:2px solid #6b7280;display:flex;align-items:center;justify-content:center;font-weight:600;color:#374151}
.ba-root .ba-stamp-done{border-color:#1a5fd0;background:#1a5fd0;color:#fff}
.ba-root .ba-stamp .ba-feature-icon{width:32px;height:32px;background:transparent;color:#fff}
.ba-root .ba-tag{align-self:flex-start;margin:0 0 2px;padding:1px 8px;border-radius:10px;background:#fef3c7;color:#78350f;font-size:12px;font-weight:700}
.ba-root .ba-confirm{flex-basis:100%;display:flex;flex-wrap:wrap;gap:8px;padding:12px;border:1px solid #d0d5dd;border-radius:8px}
.ba-root .ba-confirm>h4,.ba-root .ba-confirm>p{flex-basis:100%;margin:0}
.ba-root .ba-redeemed{flex-basis:100%;margin:0;color:#05603a}
.ba-root .ba-redeemed-at{display:block;color:#4b5563;font-size:14px}
.ba-root .ba-code{letter-spacing:.12em;text-transform:uppercase}
.ba-root .ba-stats{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin:0}
.ba-root .ba-stats div{padding:10px;border-radius:8px;background:#f3f4f6;text-align:center}
.ba-root .ba-stats dt{font-size:12px;color:#4b5563}
.ba-root .ba-stats dd{margin:0;font-size:20px;font-weight:700}
.ba-root .ba-tablist{display:flex;border-bottom:1px solid #d1d5db}
.ba-root .ba-tab{flex:1;padding:8px;border:0;border-bottom:3px solid transparent;background:none;cursor:pointer;font-weight:600}
.ba-root .ba-tab[aria-selected=true]{border-bottom-color:#1a5fd0;color:#1a5fd0}
.ba-root .ba-section-title{margin:8px 0 4px;font-size:15px}
.ba-collapse{border-top:1px solid #e5e7eb}
.ba-collapse-head{margin:0}
.ba-collapse-head button{display:flex;justify-content:space-between;width:100%;padding:10px 4px;border:0;border-bottom:1px solid #e5e7eb;background:none;font-weight:600;font-size:15px;text-align:left;cursor:pointer}
.ba-collapse-head button::after{content:"+";font-weight:400}
.ba-open .ba-collapse-head button::after{content:"−"}
.ba-collapse-body{display:grid;grid-template-rows:0fr;transition:grid-template-rows 150ms ease}
.ba-open .ba-collapse-body{grid-template-rows:1fr}
.ba-collapse-inner{overflow:hidden}
.ba-root .ba-terms{white-space:pre-wrap;font-size:13px}
.ba-root .ba-instructions{margin:0 0 12px;white-space:pre-wrap}
.ba-root .ba-certificate{display:flex;flex-direction:column;align-items:center;gap:6px;padding:16px;border:2px dashed #1a5fd0;border-radius:12px;text-align:center}
.ba-root .ba-certificate-logo{width:64px;height:64px;object-fit:contain}
.ba-root .ba-certificate-app{margin:0;font-weight:600}
.ba-root .ba-certificate-program{margin:0;font-size:20px}
.ba-root .ba-certificate-desc,.ba-root .ba-certificate-expires{margin:0;font-size:13px}
.ba-root .ba-overlay{position:absolute;inset:0;z-index:10;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(0,0,0,.5)}
.ba-root .ba-dialog{width:100%;max-width:360px;padding:16px;border-radius:12px;background:#fff;color:#1f2329;display:flex;flex-direction:column;gap:8px}
.ba-root .ba-dialog-title{margin:0;font-size:18px}
.ba-root .ba-dialog-text{margin:0;white-space:pre-wrap}
.ba-message{display:flex;align-items:flex-start;gap:8px;padding:10px 12px;border-radius:8px;border:1px solid;margin:8px 0}
.ba-message-text{flex:1}
.ba-message-title{display:block}
.ba-message-success{background:#ecfdf3;border-color:#067647;color:#054f31}
.ba-message-danger{background:#fef3f2;border-color:#b42318;color:#7a271a}
.ba-message-warning{background:#fffaeb;border-color:#b54708;color:#7a2e0e}
.ba-message-info{background:#eff8ff;border-color:#1a5fd0;color:#194185}
.ba-message .ba-icon-button{min-width:28px;min-height:28px;font-size:18px}
.ba-banner{display:flex;align-items:center;gap:8px;padding:8px 12px;background:#1f2329;color:#fff}
.ba-banner-text{flex:1;margin:0;font-size:13px}
.ba-banner-button{display:inline-flex;align-items:center;min-height:32px;padding:4px 12px;border-radius:8px;background:#fff;color:#1f2329;font-weight:600;font-size:13px;text-decoration:none}
.ba-root .ba-state{display:flex;flex-direction:column;align-items:center;gap:8px;padding:32px 16px;text-align:center;color:#374151}
.ba-root .ba-state-title{margin:0;font-size:18px;color:#1f2329}
.ba-root .ba-state-list{list-style:none;margin:0;padding:0}
.ba-root .ba-header-preview{display:flex;flex-direction:column;flex:1}
.ba-root .ba-status{padding:24px;text-align:center;color:#4b5563}
.ba-root .ba-error{color:#b42318}
/* the widget (issue 11): a fixed box, room kept for the account menu, its prompt over the bottom; nothing moves */
:host(brand-app){${WIDGET_BOX}}
:host(brand-app) .ba-shell{height:100%;display:flex;flex-direction:column;overflow:hidden}
:host(brand-app) .ba-shell>.ba-root{position:static;flex:1 1 0;min-height:0;overflow-y:auto;overscroll-behavior:contain}
:host(brand-app) .ba-mode-widget>.ba-home:first-child{margin-top:${ACCOUNT_MENU_PX}px}
:host(brand-app) .ba-account{position:static}
:host(brand-app) .ba-account-menu{box-sizing:border-box;height:${ACCOUNT_MENU_PX}px;align-items:center;padding-top:0;padding-bottom:0}
:host(brand-app) .ba-account-prompt,:host(brand-app) .ba-account-error{position:absolute;left:0;right:0;bottom:0;z-index:5;margin:8px 12px;box-shadow:0 4px 16px rgba(0,0,0,.2)}
:host(brand-app) .ba-status{margin:auto}
:host(brand-app) .ba-shell>.ba-root:has(>.ba-status:not(.ba-error))::before{content:"";display:block;flex:none;margin-top:${ACCOUNT_MENU_PX + 60}px;aspect-ratio:16/10;max-height:${COVER_MAX_PX}px;background:#e9ecef}
.ba-root .ba-cover,.ba-root .ba-cover-video,.ba-root .ba-slide-image{height:auto;max-height:${COVER_MAX_PX}px}
.ba-root .ba-brands img{width:64px;object-fit:contain}
`;
