/** The app renderer shared by the widget, the builder preview and the promo simulator. */
export { AppScreen, type AppScreenProps } from "./AppScreen.tsx";
export { AppView, pageIdOf } from "./AppView.tsx";
export { LANGS, type Lang, pickLang, translator } from "./i18n.ts";
export { downloadIcs, eventToIcs } from "./ics.ts";
export { type MissingItem, missingItems } from "./PreviewStates.tsx";
export { safeImage, safeUrl } from "./safe-url.ts";
export { type FeatureScreen, featurePage, registerScreen } from "./screens/registry.tsx";
export { viewStyles } from "./styles.ts";
export type {
  AnyFeature,
  AppViewProps,
  LoyaltyDisplay,
  NotificationItem,
  Route,
  ShareRequest,
  ViewCallbacks,
  ViewMode,
} from "./types.ts";
export { AppBanner } from "./ui/AppBanner.tsx";
export { COLLAPSE_MS, Collapse, type CollapseItem } from "./ui/Collapse.tsx";
export { MessageBox, type MessageType } from "./ui/MessageBox.tsx";
