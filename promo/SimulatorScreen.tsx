import type { AppDefinition } from "../schemas/index.ts";
import { AppScreen, viewStyles } from "../sdk/views/index.ts";
import { usePartnerScreens } from "../sdk/views/screens/partner-screens.ts";
import { simulatorStyles } from "./styles.ts";
import type { PromoLanguage } from "./texts.ts";

export interface SimulatorScreenProps {
  definition: AppDefinition;
  appId: string;
  language: PromoLanguage;
}

/** The widget's own views with their styles, as they go inside the simulator's shadow root. */
export default function SimulatorScreen({ definition, appId, language }: SimulatorScreenProps) {
  // A partner's feature (issue 20) draws with its package's screen, loaded only when the app uses its type.
  usePartnerScreens(definition.features, "");
  return (
    <>
      <style>{viewStyles + simulatorStyles}</style>
      <AppScreen definition={definition} appId={appId} mode="promo" lang={language} />
    </>
  );
}
