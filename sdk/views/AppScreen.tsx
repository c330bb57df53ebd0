import { AppView } from "./AppView.tsx";
import type { AppViewProps } from "./types.ts";

export type AppScreenProps = AppViewProps;

/**
 * The app as end users see it, starting on home. Kept under its first name for the surfaces that already
 * render it; it is AppView with every option.
 */
export function AppScreen(props: AppScreenProps) {
  return <AppView {...props} />;
}
