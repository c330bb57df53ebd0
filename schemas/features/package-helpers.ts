import { Type } from "@sinclair/typebox";
import { atLeast, date, dateTime, icon, image, stringEnum } from "../common.ts";
import { latitude, longitude, stampCount } from "../numbers.ts";
import { phone } from "../phone.ts";
import { email, emailList, sized, text } from "../text.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/**
 * What a partner's feature package builds its module with (README.md, "A partner's package"). The server
 * hands these to the package's feature module instead of the package importing them, so a package outside
 * this repository uses the very TypeBox and messages the built-in types use, and its fields carry the
 * spec's messages, without depending on where this repository sits on disk.
 */
export const featureHelpers = {
  Type,
  defineFeature,
  text,
  sized,
  email,
  emailList,
  url,
  phone,
  latitude,
  longitude,
  stampCount,
  atLeast,
  stringEnum,
  dateTime,
  date,
  image,
  icon,
};

export type FeatureHelpers = typeof featureHelpers;
