import type { TemplatesType } from "@rjsf/utils";
import { AddButton } from "../AddButton.tsx";
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from "./ArrayFieldTemplate.tsx";
import { FieldTemplate } from "./FieldTemplate.tsx";
import { ObjectFieldTemplate } from "./ObjectFieldTemplate.tsx";

/**
 * The console's own RJSF templates (issue 19, "forms that look designed"): labels above fields, titled
 * sections, optional blocks behind a switch, list items as sortable cards. RJSF's antd theme keeps the
 * widgets and the rest.
 */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ButtonTemplates: { AddButton } as TemplatesType["ButtonTemplates"],
};
