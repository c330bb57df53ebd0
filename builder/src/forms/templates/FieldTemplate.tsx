import { descriptionId, errorId, type FieldTemplateProps, helpId } from "@rjsf/utils";

/** The id of a field's visible label, for widgets that are groups (radio cards) rather than one input. */
export const labelId = (id: string) => `${id}__label`;

/**
 * One field: its label above it (no right-aligned "Label:" column, no colon), the schema's description as
 * help under it, and its errors in words. The label stays a <label for>, so every input keeps the
 * accessible name the e2e tests and screen readers use.
 */
export function FieldTemplate({
  id,
  children,
  displayLabel,
  label,
  required,
  rawDescription,
  rawHelp,
  rawErrors,
  hidden,
  classNames,
  uiSchema,
}: FieldTemplateProps) {
  if (hidden) return <div className="rjsf-field-hidden">{children}</div>;
  const errors = rawErrors?.filter(Boolean) ?? [];
  // Booleans and switches say their label beside the control themselves.
  const showLabel = displayLabel && label && uiSchema?.["ui:widget"] !== "checkbox";
  return (
    <div className={["form-field", classNames, errors.length ? "form-field-invalid" : ""].join(" ").trim()}>
      {showLabel ? (
        <label id={labelId(id)} htmlFor={id} className="form-field-label">
          {label}
          {required ? (
            <span className="form-field-required" aria-hidden="true">
              {" *"}
            </span>
          ) : null}
        </label>
      ) : null}
      {children}
      {displayLabel && rawDescription ? (
        <div id={descriptionId(id)} className="form-field-help">
          {rawDescription}
        </div>
      ) : null}
      {rawHelp ? (
        // ui:help: the editor's own words under the field (the geofence's audience filters say what each means).
        <div id={helpId(id)} className="form-field-help">
          {rawHelp}
        </div>
      ) : null}
      {errors.length ? (
        <div id={errorId(id)} className="form-field-error">
          {errors.join(", ")}
        </div>
      ) : null}
    </div>
  );
}
