import { Type } from "@sinclair/typebox";
import { phone } from "../phone.ts";
import { sized } from "../text.ts";
import { defineFeature } from "./base.ts";

/** Texting: the number as title, a sample bubble and a read-only input (spec §2). */
export const clickToText = defineFeature({
  type: "ClickToText",
  label: "Texting",
  pageName: "texting",
  analyticsPage: "home",
  properties: {
    phone: phone({ required: true, title: "Phone number" }),
    message: Type.Optional(sized("message", { title: "Message" })),
  },
  defaults: () => ({ title: "Text Us", phone: "" }),
});
