/** A server failure's field errors for an antd form: `/newPassword` → field "newPassword". */
export interface ServerFieldError<F extends string = string> {
  name: F;
  errors: string[];
}

/**
 * The fields a failure names (a 400's `details` are `[{path, message}]`); known error codes without
 * details name their field through `codeFields` (WrongPassword → the current password). A failure that
 * names no field of the form answers [] so the caller shows it as a message instead.
 */
export function fieldErrorsOf<F extends string>(
  failure: { code?: string; details?: unknown; message: string },
  fields: readonly F[],
  codeFields: Record<string, F> = {},
): ServerFieldError<F>[] {
  const byField = new Map<F, string[]>();
  if (Array.isArray(failure.details))
    for (const d of failure.details as { path?: unknown; message?: unknown }[]) {
      if (typeof d?.path !== "string" || typeof d.message !== "string") continue;
      const name = d.path.split("/").filter(Boolean)[0] as F | undefined;
      if (!name || !fields.includes(name)) continue;
      byField.set(name, [...(byField.get(name) ?? []), d.message]);
    }
  const coded = failure.code ? codeFields[failure.code] : undefined;
  if (!byField.size && coded && fields.includes(coded)) byField.set(coded, [failure.message]);
  return [...byField].map(([name, errors]) => ({ name, errors }));
}

/** The product's password rule (schemas/text.ts password(): at least 6 characters), said to the user. */
export const PASSWORD_RULES = "At least 6 characters; it signs out your other sessions.";

/**
 * For an antd form's onValuesChange: the fields just changed with their errors cleared, so a server error
 * leaves its field as soon as the user edits it (antd keeps errors set by setFields until then).
 */
export function clearedErrors<V extends object>(
  changed: Partial<V>,
): { name: keyof V & string; errors: string[] }[] {
  return (Object.keys(changed) as (keyof V & string)[]).map((name) => ({ name, errors: [] }));
}
