/**
 * What the widget loads after its first render: the account, analytics and push runtime (XState machines,
 * IndexedDB) and the account screens. Kept out of brand-app.js so the home view does not wait for them.
 */
export { accountScreens } from "./account/screens.tsx";
export { endUserApi } from "./end-user.ts";
export { createWidget, type Widget } from "./widget.ts";
