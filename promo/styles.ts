/**
 * The page's styles, inlined in the head so the first paint is final: every image and the phone frame have
 * fixed boxes, so nothing moves when images, fonts or the simulator arrive (no layout shift).
 */
export const promoStyles = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f6f8;color:#1f2329;line-height:1.45}
.promo{min-height:100vh;margin:0 auto;padding:24px 20px 32px;background:#f5f6f8}
.promo>*{max-width:1040px;margin-left:auto;margin-right:auto}
.promo-brand{display:flex;align-items:center;gap:14px}
.promo-brand h1{font-size:1.4rem;margin:0}
.promo-logo{width:64px;height:64px;border-radius:14px;object-fit:contain;background:#fff}
.promo-editing{margin-top:12px;padding:8px 12px;border-radius:8px;background:#fff8db;color:#5c4400}
.promo-hero{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:32px;align-items:center;margin-top:24px}
@media (max-width:720px){.promo-hero{grid-template-columns:1fr;justify-items:center;text-align:center}}
.promo-title-row{display:flex;flex-wrap:wrap;align-items:center;gap:12px}
@media (max-width:720px){.promo-title-row{justify-content:center}}
.promo-title{font-size:2.2rem;line-height:1.15;margin:0;font-weight:750}
.promo-title-input{font:inherit;font-size:2rem;font-weight:700;width:100%;padding:4px 8px;border:2px solid #1f6feb;border-radius:8px;background:#fff;color:#1f2329}
.promo-download{font-size:1.15rem;margin:12px 0 20px}
.promo-stores{display:flex;flex-wrap:wrap;gap:12px;margin:0 0 20px}
@media (max-width:720px){.promo-stores{justify-content:center}}
.promo-store{display:inline-flex;align-items:center;gap:8px;min-height:48px;padding:8px 16px;border-radius:10px;background:#111;color:#fff;text-decoration:none;font-weight:600}
.promo-store:focus-visible,.promo-edit:focus-visible,.promo a:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}
.promo-qr{margin:0;display:inline-flex;flex-direction:column;align-items:center;gap:6px}
.promo-qr img{display:block;width:160px;height:160px;background:#fff;padding:6px;border-radius:10px}
.promo-qr figcaption{font-size:.9rem;max-width:200px;text-align:center}
.promo-phone{margin:0;width:300px;height:600px;padding:14px;border-radius:44px;background:#111;box-shadow:0 12px 40px rgba(0,0,0,.25)}
.promo-phone-screen{width:100%;height:100%;border-radius:32px;overflow:hidden auto;overscroll-behavior:contain;background:#fff}
.promo picture{display:contents}
.promo-poster-header{display:flex;align-items:center;gap:10px;padding:10px 12px;font-size:17px;font-weight:600;color:#1f2329}
.promo-poster-header img{width:40px;height:40px;object-fit:contain;border-radius:8px;flex:none}
.promo-poster-header span{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.promo-poster-cover{display:block;width:100%;height:auto;aspect-ratio:16/10;object-fit:cover;background:#e9ecef}
@media (max-width:720px){.promo-phone{width:260px;height:520px}}
.promo-items{list-style:none;margin:40px 0 0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));gap:16px}
.promo-item{display:flex;gap:14px;align-items:flex-start;padding:16px;border-radius:14px;background:rgba(255,255,255,.92);color:#1f2329}
.promo-item h3{margin:0 0 4px;font-size:1.05rem;overflow-wrap:normal;word-break:normal;hyphens:manual}
.promo-item p{margin:0;color:#4b5563}
.promo-item-text{flex:1;min-width:0}
.promo-icon{flex:none;display:block;width:48px;height:48px}
.promo-icon-tinted{background-color:#1f6feb;-webkit-mask:center/contain no-repeat;mask:center/contain no-repeat}
.promo-edit{font:inherit;font-size:.9rem;padding:6px 12px;border-radius:8px;border:1px solid #1f6feb;background:#fff;color:#174ea6;cursor:pointer}
.promo-item-editor{flex:1;display:grid;gap:10px}
.promo-icon-edit{display:flex;align-items:center;gap:12px}
.promo-field{display:grid;gap:4px;font-size:.9rem}
.promo-field input,.promo-field select{font:inherit;padding:6px 8px;border:1px solid #6b7280;border-radius:6px}
.promo-field-error{color:#b42318;font-size:.9rem;margin:0;flex-basis:100%}
.promo-actions{display:flex;gap:8px}
.promo-actions button,.promo-icon-edit button{font:inherit;padding:6px 14px;border-radius:8px;border:1px solid #1f6feb;background:#fff;color:#174ea6;cursor:pointer}
.promo-actions button[type=submit],.promo-actions button:first-child{background:#1f6feb;color:#fff}
.promo-actions button:disabled{opacity:.6;cursor:default}
.promo-modal-backdrop{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;padding:16px;z-index:1000}
.promo-modal{background:#fff;color:#1f2329;border-radius:12px;padding:20px;width:min(560px,100%);max-height:90vh;overflow:auto;display:grid;gap:12px}
.promo-modal h2{margin:0;font-size:1.2rem}
.promo-icon-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(44px,1fr));gap:6px}
.promo-icon-choice{display:flex;align-items:center;justify-content:center;width:44px;height:44px;border:1px solid #d0d5dd;border-radius:8px;background:#fff;cursor:pointer}
.promo-icon-choice[aria-pressed=true]{border:2px solid #1f6feb;background:#eef4ff}
.promo-footer{margin-top:40px;display:flex;flex-direction:column;align-items:center;gap:12px;text-align:center}
.promo-bottom-logo{width:160px;height:48px;object-fit:contain}
.promo-powered{margin:0;font-size:.9rem}
.promo-powered a{color:inherit;font-weight:600}
.promo-failed{margin:48px 0;font-size:1.2rem;color:#b42318}
.promo-status{position:fixed;bottom:12px;left:50%;transform:translateX(-50%);margin:0;padding:6px 12px;border-radius:8px;background:#1f2329;color:#fff;font-size:.9rem}
.promo-status:empty{display:none}
`;

/**
 * Added after the views' own styles inside the simulator's shadow root: at the phone frame's width a
 * feature's label must wrap between words, never inside one ('Specia ls'); a word longer than its tile
 * ends in an ellipsis instead of breaking.
 */
export const simulatorStyles = `
.ba-root .ba-feature-title,.ba-root .ba-tile-text{overflow-wrap:normal;word-break:normal;hyphens:manual;overflow:hidden;text-overflow:ellipsis}
.ba-root .ba-feature-title,.ba-root .ba-tile-text{display:block;max-width:100%}
`;
