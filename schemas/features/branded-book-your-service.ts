import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/** Book your service: the dealer's online scheduler, opened like a web link. */
export const brandedBookYourService = defineFeature({
  type: "BrandedBookYourService",
  label: "Book your service",
  pageName: "branded-book-your-service",
  analyticsPage: "webLink",
  properties: { link: url({ required: true, title: "Scheduler link" }) },
  defaults: () => ({ title: "Book Service", link: "" }),
});
