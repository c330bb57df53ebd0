/** The app renderer shared by the widget, the builder preview and the promo simulator. */
export { AppScreen, type AppScreenProps } from "./AppScreen.tsx";
export { viewStyles } from "./styles.ts";
