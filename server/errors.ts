/** The one list of coded errors: status and public message. */
export const errors = {
  Unauthorized: { status: 401, message: "Authorization required" },
  InvalidToken: { status: 401, message: "Invalid or expired token" },
  InvalidCredentials: { status: 401, message: "Invalid email or password" },
  Forbidden: { status: 403, message: "You don't have access to this app" },
  NotFound: { status: 404, message: "Not found" },
  AppNotFound: { status: 404, message: "App not found" },
  AppDiscontinued: { status: 404, message: "The app has been discontinued" },
  AppIdRequired: { status: 400, message: "The app id header is required" },
  EmailTaken: { status: 409, message: "An account with this email already exists" },
  SlugTaken: { status: 409, message: "This slug is already used by another app" },
  VersionConflict: { status: 409, message: "The app was changed by someone else since you opened it" },
  Validation: { status: 400, message: "Invalid request" },
  ImageRequired: { status: 400, message: "An image file is required" },
  ImageUnsupported: { status: 415, message: "Unsupported image type; use PNG, JPEG, WebP, GIF or SVG" },
  ImageTooLarge: { status: 413, message: "The image is larger than 10 MB" },
  TooManyRequests: { status: 429, message: "Too many requests, try again later" },
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
