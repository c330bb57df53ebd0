import type { RegistryFieldsType, RegistryWidgetsType } from "@rjsf/utils";
import { ContactMethodField } from "./fields/ContactMethodField.tsx";
import { FormFieldField } from "./fields/FormFieldField.tsx";
import { LocationsField } from "./fields/LocationsField.tsx";
import { TilesField } from "./fields/TilesField.tsx";
import { TimeframeField } from "./fields/TimeframeField.tsx";
import { ColorWidget } from "./widgets/ColorWidget.tsx";
import { FastTextareaWidget, FastTextWidget } from "./widgets/FastTextWidget.tsx";
import { FeatureWidget } from "./widgets/FeatureWidget.tsx";
import { IconWidget } from "./widgets/IconWidget.tsx";
import { ImageWidget } from "./widgets/ImageWidget.tsx";
import { LayoutWidget } from "./widgets/LayoutWidget.tsx";
import { SwitchWidget } from "./widgets/SwitchWidget.tsx";

/** Widgets by the names uiSchemas use (schemas/features/module.ts CUSTOM_WIDGETS, plus colour and the theme's layout). */
export const widgets: RegistryWidgetsType = {
  icon: IconWidget,
  image: ImageWidget,
  feature: FeatureWidget,
  color: ColorWidget,
  switch: SwitchWidget,
  layout: LayoutWidget,
  TextWidget: FastTextWidget,
  TextareaWidget: FastTextareaWidget,
};

/** Fields for values that are more than one input. */
export const fields: RegistryFieldsType = {
  timeframe: TimeframeField,
  locations: LocationsField,
  tiles: TilesField,
  formField: FormFieldField,
  contactMethod: ContactMethodField,
};
