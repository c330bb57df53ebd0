import { messages } from "../schemas/messages.ts";

/** The one list of coded errors: status and public message. */
export const errors = {
  Unauthorized: { status: 401, message: "Authorization required" },
  InvalidToken: { status: 401, message: "Invalid or expired token" },
  InvalidCredentials: { status: 401, message: "Invalid email or password" },
  SignInAddressLocked: {
    status: 429,
    message: "Too many failed sign-ins for this account from your address; try again in 15 minutes",
  },
  AccountLocked: {
    status: 429,
    message:
      "Too many failed sign-ins for this account; check your e-mail for a link to sign in, or try again later",
  },
  Forbidden: { status: 403, message: "You don't have access to this app" },
  AdminOnly: { status: 403, message: "Only administrators may do this" },
  ClientManagersOnly: { status: 403, message: "Only client managers may do this" },
  SuperUserOnly: { status: 403, message: "Only the super user may do this to an administrator" },
  RoleNotGrantable: { status: 403, message: "Your role may not give or change this role" },
  BrandLocked: { status: 403, message: "The brand of this app is locked; ask an administrator to unlock it" },
  WrongPassword: { status: 400, message: "The current password is incorrect" },
  InvalidCode: { status: 400, message: "The invitation code is invalid or has expired" },
  InvitationEmailMismatch: { status: 400, message: "This invitation was sent to another e-mail address" },
  InvalidEmailToken: { status: 400, message: "The link is invalid or has expired" },
  LastOwner: { status: 409, message: "An app must keep at least one Owner" },
  SelfRoleChange: { status: 409, message: "You cannot change or remove your own role" },
  UserNotFound: { status: 404, message: "User not found" },
  ManagerNotFound: { status: 404, message: "Manager not found" },
  MultiappNotFound: { status: 404, message: "Multiapp not found" },
  // Offers as records and special packages (issue 12).
  PackageNotFound: { status: 404, message: "Special package not found" },
  OrderMismatch: { status: 400, message: "The order must name every item of the list exactly once" },
  PackageCouponInvalid: { status: 400, message: "Each special of a package must be a coupon of this app" },
  MakeModelNotFound: { status: 404, message: "Make and model not found" },
  MakeModelTaken: { status: 409, message: "This make and model already exists" },
  EngineTypeNotFound: { status: 404, message: "Engine type not found" },
  FileNotFound: { status: 404, message: "File not found" },
  ReportNotFound: { status: 404, message: "Report not found" },
  TemplateNotFound: { status: 404, message: "No template app is configured" },
  PushProfileNotFound: { status: 404, message: "This app has no push profile" },
  IconCategoryNotFound: { status: 404, message: "Icon category not found" },
  SettingTooLarge: { status: 413, message: "The setting value is larger than 64 KB" },
  CsvInvalid: { status: 400, message: "The CSV file could not be read" },
  UnsupportedMedia: { status: 415, message: "Unsupported content type" },
  // Redemptions and personalized specials (issue 12).
  OfferNotFound: { status: 404, message: "Special not found" },
  AlreadyRedeemed: { status: 409, message: "You have already redeemed this special." },
  PersonalizedSpecialNotFound: { status: 404, message: "Personalized special not found" },
  OfferNotPersonalized: { status: 400, message: "This special is not personalized" },
  AppUserNotFound: { status: 404, message: "App user not found" },
  ContactsTooMany: { status: 413, message: "At most 5000 contacts can be added at a time" },
  // Stamp cards and the points ledger (issue 12).
  LoyaltyFeatureNotFound: { status: 404, message: "Loyalty card not found" },
  StampCodeLimited: { status: 429, message: "Too many wrong codes. Try again in 60 minutes." },
  PointsInsufficient: { status: 409, message: "Not enough points for this" },
  PointsCapReached: { status: 409, message: "This would pass an earning cap of the points program" },
  PointsBalanceLimit: { status: 409, message: "This would pass the balance limit of the points program" },
  PointsProgramDisabled: { status: 409, message: "The points program of this app is turned off" },
  PointsRewardNotFound: { status: 404, message: "Reward not found" },
  // Push notifications and geofences (issue 13).
  PushNotFound: { status: 404, message: "Push notification not found" },
  PushEditWindow: { status: 409, message: messages.pushEditRule },
  PushScheduleInPast: {
    status: 400,
    message: "The send time is in the past; choose now or a later time",
  },
  TimeZoneInvalid: { status: 400, message: "Unknown time zone; use an IANA name such as America/New_York" },
  GeofenceNotFound: { status: 404, message: "Geofence not found" },
  // Analytics dashboards (issue 15).
  AnalyticsTypeNotFound: {
    status: 404,
    message:
      "Unknown analytics report; use overview, pages, features, offers, leads, pushes, geofences or inventory",
  },
  // The widget's inbox and geofence entries (issue 13).
  NotificationNotFound: { status: 404, message: "Notification not found" },
  GeofenceNotActive: { status: 409, message: "This geofence is not active now" },
  GeofenceOutside: { status: 422, message: "This location is outside the geofence" },
  GeofenceNotForUser: { status: 403, message: "This geofence is not for this user" },
  // Staff members and tasks (issue 14).
  StaffMemberNotFound: { status: 404, message: "Staff member not found" },
  StaffRowsInvalid: { status: 400, message: "Some rows are invalid; nothing was added" },
  StaffImportTooLarge: { status: 413, message: "At most 5000 staff members can be added at a time" },
  TaskNotFound: { status: 404, message: "Task not found" },
  // Customers, leads, form data, e-mail subscriptions and the team's domain check (issue 14).
  LeadNotFound: { status: 404, message: "Lead not found" },
  FormDataNotFound: { status: 404, message: "Form submission not found" },
  EmailSubscriptionNotFound: { status: 404, message: "E-mail subscription not found" },
  ExternalInvite: {
    status: 409,
    message: "This address is outside your team's e-mail domain; confirm to invite it",
  },
  // Dealer data: inventory, repair orders, deals, service contracts, documents, integration keys (issue 16).
  VehicleNotFound: { status: 404, message: "Vehicle not found" },
  RepairOrderNotFound: { status: 404, message: "Repair order not found" },
  DealNotFound: { status: 404, message: "Deal not found" },
  ServiceContractNotFound: { status: 404, message: "Service contract not found" },
  DocumentNotFound: { status: 404, message: "Document not found" },
  DealerBatchTooLarge: { status: 413, message: "At most 50000 records can be sent at a time" },
  DealerRowsInvalid: { status: 400, message: "Some rows are invalid; nothing was imported" },
  IntegrationKeyNotFound: { status: 404, message: "Integration key not found" },
  IntegrationKeyInvalid: { status: 401, message: "The integration key is missing, revoked or not valid" },
  NotFound: { status: 404, message: "Not found" },
  AppNotFound: { status: 404, message: "App not found" },
  AppDiscontinued: { status: 404, message: "The app has been discontinued" },
  AppIdRequired: { status: 400, message: "The app id header is required" },
  EmailTaken: { status: 409, message: "An account with this email already exists" },
  SlugTaken: { status: 409, message: "This slug is already used by another app" },
  VersionConflict: { status: 409, message: "The app was changed by someone else since you opened it" },
  Validation: { status: 400, message: "Invalid request" },
  InvalidValue: { status: 400, message: "A value in the request is invalid or out of range" },
  ImageRequired: { status: 400, message: "An image file is required" },
  ImageUnsupported: { status: 415, message: "Unsupported image type; use PNG, JPEG, WebP, GIF or SVG" },
  ImageTooLarge: { status: 413, message: "The image is larger than 10 MB" },
  ImageTooManyPixels: { status: 413, message: "The image has more than 40 million pixels" },
  ImageTooComplex: {
    status: 422,
    message: "The image is too complex to process in time; simplify it or upload a PNG or JPEG",
  },
  ImageBusy: { status: 503, message: "Too many images are being processed, try again in a moment" },
  TooManyRequests: { status: 429, message: "Too many requests, try again later" },
  MailFailed: { status: 502, message: "The e-mail could not be sent, try again later" },
  OfferSendLimit: { status: 429, message: "Too many offers were sent, try again in an hour" },
  Internal: { status: 500, message: "Internal server error" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errors;

/** An error the API reports as `{ error: { message, code, details? } }` with its status. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? errors[code].message);
    this.status = errors[code].status;
  }
}
