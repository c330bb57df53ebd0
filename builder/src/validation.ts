import type { FormRule } from "antd";
import { useMemo } from "react";
import { messages } from "../../schemas/messages.ts";
import { EMAIL_PATTERN } from "../../schemas/patterns.ts";

/**
 * The shared schemas and their validator (ajv, TypeBox: about 70 KB gzip) load on the first check, not with
 * the sign-in page (issue 19: the sign-in page loads at most 150 KB of JS).
 */
const loadSchemas = () => import("../../schemas/index.ts");

/** The shared schema's message for an account field's value (the server's exact words), or null. */
export async function accountFieldError(field: "email" | "password", value: unknown): Promise<string | null> {
  const { SignUp, validate } = await loadSchemas();
  const schema = fieldSchema({ [field]: SignUp.properties[field] });
  const errors = validate(schema, { [field]: value ?? "" }).filter((e) => e.path === `/${field}`);
  return errors.length ? errors[0].message : null;
}

/** antd rules that defer to the shared schemas, so the builder shows the server's exact messages. */
function schemaRule(field: "email" | "password"): FormRule {
  return {
    validator: async (_rule, value) => {
      const error = await accountFieldError(field, value);
      if (error) throw new Error(error);
    },
  };
}

const fieldSchema = (props: Record<string, unknown>) => ({ type: "object", properties: props });

export function useFieldRules() {
  return useMemo(
    () => ({
      required: [{ required: true, whitespace: true, message: messages.required }] as FormRule[],
      email: [schemaRule("email")],
      password: [schemaRule("password")],
      passwordConfirm: [
        ({ getFieldValue }) => ({
          validator: async (_r: unknown, value: string) => {
            if (value !== getFieldValue("password")) throw new Error(messages.passwordConfirm);
          },
        }),
      ] as FormRule[],
      emailPattern: EMAIL_PATTERN,
    }),
    [],
  );
}
