import type { Static } from "@sinclair/typebox";
import { brandedBookYourService } from "./branded-book-your-service.ts";
import { brandedOemAppSelect } from "./branded-oem-app-select.ts";
import { brandedRoadsideAssistance } from "./branded-roadside-assistance.ts";
import { clickToCall } from "./click-to-call.ts";
import { clickToDirections } from "./click-to-directions.ts";
import { clickToEmail } from "./click-to-email.ts";
import { clickToExternalApp } from "./click-to-external-app.ts";
import { clickToLink } from "./click-to-link.ts";
import { clickToReference } from "./click-to-reference.ts";
import { clickToText } from "./click-to-text.ts";
import { contactUs } from "./contact-us.ts";
import { coupons } from "./coupons.ts";
import { dealershipSelector } from "./dealership-selector.ts";
import { emailFeature } from "./email.ts";
import { events } from "./events.ts";
import { form } from "./form.ts";
import { loyalty } from "./loyalty.ts";
import { loyalty2 } from "./loyalty2.ts";
import { menu } from "./menu.ts";
import { popUp } from "./pop-up.ts";
import { referralProgram } from "./referral-program.ts";
import { registerFeatureType } from "./registry.ts";
import { webLink } from "./web-link.ts";

/** The 22 feature types of spec §3, in the spec's order. A new type is one more line here. */
export const builtInFeatureTypes = [
  clickToCall,
  clickToLink,
  clickToDirections,
  clickToExternalApp,
  clickToEmail,
  clickToReference,
  webLink,
  clickToText,
  emailFeature,
  contactUs,
  coupons,
  events,
  referralProgram,
  loyalty,
  loyalty2,
  form,
  menu,
  popUp,
  brandedOemAppSelect,
  brandedRoadsideAssistance,
  brandedBookYourService,
  dealershipSelector,
] as const;

for (const module of builtInFeatureTypes) registerFeatureType(module);

/** A feature of one of the built-in types, discriminated by `type`. */
export type Feature = Static<(typeof builtInFeatureTypes)[number]["schema"]>;
export type FeatureType = Feature["type"];

export * from "./base.ts";
export { LINK_METAS } from "./click-to-link.ts";
export { CONTACT_METHOD_TYPES, ContactGroup, ContactMethod } from "./contact-us.ts";
export { Dealership } from "./dealership-selector.ts";
export { FORM_FIELD_TYPES, FormField } from "./form.ts";
export { DEFAULT_LINK_TEXT } from "./loyalty.ts";
export { MenuItem } from "./menu.ts";
export * from "./module.ts";
export * from "./registry.ts";
