import type { ContactMethod } from "../schemas/features/contact-us.ts";

/** The action label of a contact method (spec §2). */
export const CONTACT_ACTION_LABELS: Record<ContactMethod["type"], string> = {
  PhoneNumber: "Call",
  MobileNumber: "Call",
  Texting: "Message",
  Email: "Email",
  Website: "Open",
  Link: "Open",
  Address: "Address",
};

/** Only methods with a value show (spec §2). */
export const visibleMethods = <M extends { value?: string | null }>(methods: M[] | null | undefined): M[] =>
  (methods ?? []).filter((m) => !!m.value?.trim());

/** What a method's row shows: the value, with the extension after a number (spec §2). */
export function methodText(method: Pick<ContactMethod, "type" | "value" | "extras">): string {
  const value = method.value?.trim() ?? "";
  const ext = method.extras?.ext?.trim();
  const isNumber = method.type === "PhoneNumber" || method.type === "MobileNumber";
  return isNumber && ext ? `${value} ext. ${ext}` : value;
}
