/** Wire shapes of the offers and loyalty console API (issue 12 contract); dates are ISO strings. */

export type OfferKind = "coupons" | "events";
export type OfferStatus = "Planned" | "Active" | "Expired";

/** A coupon or event as the console reads it: the spec's fields plus what the server derives. */
export interface OfferRecord {
  id: string;
  title: string;
  description?: string;
  image?: string;
  from?: string;
  to?: string;
  personalized?: boolean;
  hideDates?: boolean;
  apps: string[];
  category?: string;
  /** Events only: the 'More Info' link. */
  link?: string;
  oncePerUser: boolean;
  status: OfferStatus;
  redemptions: number;
  ownerAppId: string;
}

/** What a create or update sends. */
export type OfferInput = Omit<OfferRecord, "id" | "status" | "redemptions" | "ownerAppId" | "oncePerUser"> & {
  oncePerUser?: boolean;
};

/** An app user as the pickers and lists show them. */
export interface AppUserRef {
  id: string;
  name?: string;
  email?: string;
  phone?: string;
}

export interface Redemption {
  id: string;
  offerId: string;
  personalizedSpecialId?: string;
  appUser: AppUserRef;
  locationId?: string;
  channel: "widget" | "portal" | "console";
  createdAt: string;
}

export interface PersonalizedSpecial {
  id: string;
  offerId: string;
  offerTitle: string;
  appUser: AppUserRef;
  createdAt: string;
  redeemedAt?: string;
}

export interface BulkResult {
  added: number;
  existing: number;
  errors: { row: number; value: string; message: string }[];
}

export interface SpecialPackage {
  id: string;
  title: string;
  description?: string;
  image?: string;
  from?: string;
  to?: string;
  couponIds: string[];
  status?: OfferStatus;
}

export type SpecialPackageInput = Omit<SpecialPackage, "id" | "status">;
