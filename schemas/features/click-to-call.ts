import { phone } from "../phone.ts";
import { defineFeature } from "./base.ts";

/** Click-to-call: 'Calling {number}' with Cancel (spec §2). */
export const clickToCall = defineFeature({
  type: "ClickToCall",
  label: "Click to call",
  pageName: "click-to-call",
  analyticsPage: "home", // an action from the home screen, not a page of its own
  properties: { phone: phone({ required: true, title: "Phone number" }) },
  uiSchema: { phone: { "ui:placeholder": "(555) 555-5555" } },
  defaults: () => ({ title: "Call Us", phone: "" }),
});
