// Plain data only (no TypeBox): core/recurrence.ts and core/status.ts import these, and they reach the
// widget's first view, which must not carry the schema library and its patterns.

/** Recurrence types as the API spells them (spec §3, typos included). */
export const RECURRENCE_TYPES = [
  "None",
  "Once",
  "Daily",
  "Weekly",
  "BiWeekly",
  "Monthly",
  "Quarterly",
  "SemiAnnualy",
  "Annualy",
] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];

/** What the UI shows for each type (spec §3: Bi-Weekly, Semi-Annually, Annually). */
export const RECURRENCE_LABELS: Record<RecurrenceType, string> = {
  None: "None",
  Once: "Once",
  Daily: "Daily",
  Weekly: "Weekly",
  BiWeekly: "Bi-Weekly",
  Monthly: "Monthly",
  Quarterly: "Quarterly",
  SemiAnnualy: "Semi-Annually",
  Annualy: "Annually",
};

/** End modes (spec §3); a recurrence with `endsBy` ends by that instant. */
export const RECURRENCE_END_LABELS = { never: "Never ends", endsBy: "Ends by" } as const;
