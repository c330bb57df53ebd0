import type { FormRule } from "antd";
import { useMemo } from "react";
import { EMAIL_PATTERN, messages, SignUp, validate } from "../../schemas/index.ts";

/** antd rules that defer to the shared schemas, so the builder shows the server's exact messages. */
function schemaRule(schema: object, field: string): FormRule {
  return {
    validator: async (_rule, value) => {
      const errors = validate(schema, { [field]: value ?? "" }).filter((e) => e.path === `/${field}`);
      if (errors.length) throw new Error(errors[0].message);
    },
  };
}

const fieldSchema = (props: Record<string, unknown>) => ({ type: "object", properties: props });

export function useFieldRules() {
  return useMemo(
    () => ({
      required: [{ required: true, whitespace: true, message: messages.required }] as FormRule[],
      email: [schemaRule(fieldSchema({ email: SignUp.properties.email }), "email")],
      password: [schemaRule(fieldSchema({ password: SignUp.properties.password }), "password")],
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
