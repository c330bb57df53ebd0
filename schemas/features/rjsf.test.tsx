import Form, { getDefaultRegistry } from "@rjsf/core";
import type { RJSFSchema, RJSFValidationError, UiSchema } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import { act, createRef } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { localizeErrors, RJSF_VALIDATOR_OPTIONS } from "../ajv.ts";
import { AppSettings, appSettingsUiSchema } from "../definition.ts";
import { tradeInValue } from "./example-partner-type.ts";
import { featureExamples } from "./examples.ts";
import {
  CUSTOM_WIDGETS,
  featureTypes,
  getFeatureType,
  registerFeatureType,
  unregisterFeatureType,
} from "./index.ts";

// The builder's validator, built the way schemas/ajv.ts documents it.
const validator = customizeValidator(RJSF_VALIDATOR_OPTIONS, localizeErrors);
// The builder provides these widgets; plain text inputs stand in for them here.
const TextWidget = getDefaultRegistry().widgets.TextWidget;
const widgets = Object.fromEntries(CUSTOM_WIDGETS.map((w) => [w, TextWidget]));

let root: Root | undefined;
let host: HTMLElement;
beforeAll(() => {
  (globalThis as any).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

/** JSON pointer -> RJSF field id ("/groups/0/name" -> "root_groups_0_name"). */
const fieldId = (pointer: string) => `root${pointer.replace(/\//g, "_")}`;

async function mount(schema: object, uiSchema: object, formData: unknown) {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  const form = createRef<Form>();
  const changes: unknown[] = [];
  await act(async () =>
    root!.render(
      <Form
        ref={form}
        schema={schema as RJSFSchema}
        uiSchema={uiSchema as UiSchema}
        validator={validator}
        widgets={widgets}
        formData={formData}
        showErrorList={false}
        noHtml5Validate
        onChange={(e) => changes.push(e.formData)}
        onError={() => {}}
      />,
    ),
  );
  return { form, changes };
}

/** Types into an input the way a person does, so React's onChange runs. */
async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function validateNow(form: React.RefObject<Form | null>) {
  let valid = false;
  await act(async () => {
    valid = form.current!.validateForm();
  });
  return valid;
}

const errorsShown = () =>
  Object.fromEntries(
    [...host.querySelectorAll("[id$='__error']")]
      .map((el) => [
        el.id.replace(/__error$/, ""),
        [...el.querySelectorAll("li")].map((li) => li.textContent),
      ])
      .filter(([, list]) => list.length > 0),
  );

describe("RJSF editors from the registry", () => {
  it("covers the 22 types of the spec", () => {
    expect(featureTypes()).toHaveLength(22);
    for (const m of featureTypes()) expect(featureExamples[m.type], m.type).toBeDefined();
  });

  it.each(featureTypes().map((m) => [m.type, m] as const))(
    "%s: valid data has no errors",
    async (type_, m) => {
      const { form, changes } = await mount(
        m.schema,
        m.uiSchema,
        structuredClone(featureExamples[type_].valid),
      );
      const title = host.querySelector<HTMLInputElement>(`#${fieldId("/title")}`)!;
      expect(title, "the title field is rendered").toBeTruthy();
      await type(title, "Edited Title");
      expect(changes.at(-1)).toMatchObject({ title: "Edited Title", type: type_ });
      expect(await validateNow(form)).toBe(true);
      expect(errorsShown()).toEqual({});
    },
  );

  it.each(featureTypes().map((m) => [m.type, m] as const))(
    "%s: invalid data shows the spec's messages on the right fields",
    async (type_, m) => {
      const example = featureExamples[type_];
      const { form } = await mount(m.schema, m.uiSchema, structuredClone(example.invalid));
      expect(await validateNow(form)).toBe(false);
      const expected = Object.fromEntries(
        Object.entries(example.errors).map(([p, msg]) => [fieldId(p), [msg]]),
      );
      expect(errorsShown()).toEqual(expected);
    },
  );

  it("the validator alone gives the same messages and paths (no 'if' noise)", () => {
    const m = featureTypes().find((t) => t.type === "ContactUs")!;
    const { errors } = validator.validateFormData(
      structuredClone(featureExamples.ContactUs.invalid),
      m.schema as RJSFSchema,
    );
    expect(errors.map((e: RJSFValidationError) => [e.property, e.message])).toEqual([
      [".groups.0.name", "value should be minimum 2 characters"],
      [".groups.0.methods.0.value", "invalid email"],
    ]);
  });

  it("edits a partner's type once registered, from the registry alone", async () => {
    registerFeatureType(tradeInValue);
    try {
      const m = getFeatureType("TradeInValue")!;
      const feature = { id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a99", type: "TradeInValue", ...m.defaults() };
      const { form, changes } = await mount(m.schema, m.uiSchema, feature);
      expect(await validateNow(form)).toBe(false);
      expect(errorsShown()).toEqual({
        [fieldId("/provider")]: ["value can't be empty"],
        [fieldId("/link")]: ["value can't be empty"],
      });
      await type(host.querySelector<HTMLInputElement>(`#${fieldId("/provider")}`)!, "KBB");
      await type(host.querySelector<HTMLInputElement>(`#${fieldId("/link")}`)!, "kbb.com/value");
      expect(changes.at(-1)).toMatchObject({ provider: "KBB", link: "kbb.com/value" });
      expect(await validateNow(form)).toBe(true);
      expect(errorsShown()).toEqual({});
    } finally {
      unregisterFeatureType("TradeInValue");
    }
  });
});

describe("RJSF app settings editor", () => {
  const settings = {
    name: "Sunset Motors",
    logo: "/api/images/logo.png",
    coverPath: "example.com",
    coverSlides: [{ image: "/api/images/s.png", path: "https://example.com" }],
    coverVideo: { url: "https://cdn.example.com/v.mp4", muted: true },
    theme: {
      layout: "Tiles",
      iconColor: "#1f6feb",
      iconBorderRadius: 0,
      rowFeatureCount: 5,
      rowFeatureTextSize: 11,
    },
    signIn: { title: "Welcome", phoneAuth: true },
  };
  it("renders every setting and accepts valid ones", async () => {
    const { form } = await mount(AppSettings, appSettingsUiSchema, structuredClone(settings));
    expect(host.querySelector(`#${fieldId("/theme/layout")}`)).toBeTruthy();
    expect(host.querySelector(`#${fieldId("/signIn/phoneAuth")}`)).toBeTruthy();
    expect(await validateNow(form)).toBe(true);
  });
  it("shows the spec's messages on the settings' fields", async () => {
    const bad = {
      ...structuredClone(settings),
      name: "App",
      coverPath: "nope",
      signIn: { title: "T".repeat(31) },
    };
    const { form } = await mount(AppSettings, appSettingsUiSchema, bad);
    expect(await validateNow(form)).toBe(false);
    expect(errorsShown()).toEqual({
      [fieldId("/name")]: ["value should be minimum 4 characters"],
      [fieldId("/coverPath")]: ["incorrect url"],
      [fieldId("/signIn/title")]: ["value should be maximum 30 characters"],
    });
  });
});
