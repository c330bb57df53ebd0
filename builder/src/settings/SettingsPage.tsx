import { Typography } from "antd";
import { memo, useCallback } from "react";
import { Navigate, useParams } from "react-router";
import { type AppDefinition, validate } from "../../../schemas/index.ts";
import { useDraftSelector, useSubmitCount, useWorkspace } from "../draft/context.tsx";
import { SchemaForm } from "../forms/SchemaForm.tsx";
import { useFormContext } from "../forms/useFormContext.ts";
import { SlugField } from "./SlugField.tsx";
import {
  findSection,
  type SettingsSection,
  sectionSchema,
  sectionValue,
  withSectionValue,
} from "./sections.ts";

/** /apps/{appId}/{section}: one settings section of ./sections.ts. */
export function SettingsPage() {
  const { section: key } = useParams();
  const section = findSection(key);
  if (!section) return <Navigate to="../brand" replace />;
  return <SectionEditor key={section.key} section={section} />;
}

function SectionEditor({ section }: { section: SettingsSection }) {
  const { store } = useWorkspace();
  const schema = sectionSchema(section);
  const select = useCallback(
    (d: AppDefinition) => ("property" in section ? d[section.property] : d),
    [section],
  );
  const slice = useDraftSelector(select);
  const value =
    "property" in section
      ? ((slice ?? {}) as Record<string, unknown>)
      : sectionValue(section, slice as AppDefinition);
  const submitCount = useSubmitCount();
  const context = useFormContext();
  const onChange = useCallback(
    (next: Record<string, unknown>, field: string) =>
      store.edit((d) => withSectionValue(section, d, next), `${section.key}:${field}`),
    [store, section],
  );
  const check = useCallback((v: Record<string, unknown>) => validate(schema, v), [schema]);
  return (
    <div>
      <SectionHeading label={section.label} />
      {section.key === "brand" ? <SlugField /> : null}
      <SchemaForm
        schema={schema}
        uiSchema={section.uiSchema}
        value={value}
        onChange={onChange}
        validate={check}
        submitCount={submitCount}
        context={context}
      />
    </div>
  );
}

/** The page title; memoized with the slug field so typing in the form re-renders neither (antd's Typography and Form). */
const SectionHeading = memo(function SectionHeading({ label }: { label: string }) {
  return (
    <Typography.Title level={1} className="page-title">
      {label}
    </Typography.Title>
  );
});
