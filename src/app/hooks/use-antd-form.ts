import { flattenObjectKeys, propertyPathToArray, useForm, useWarnAboutChange, type BaseRecord, type HttpError } from "@refinedev/core";
import { Form, type FormProps } from "antd";
import { useEffect } from "react";

type Values = Record<string, unknown>;
type CoreProps = NonNullable<Parameters<typeof useForm<BaseRecord, HttpError, Values>>[0]>;

/**
 * Refine's headless useForm (load, save, redirect, notifications, invalidation) bound to an antd
 * form: the server's field errors land on their inputs, any edit arms the unsaved-changes warning,
 * and the form resets to the record each time it loads.
 */
export function useAntdForm({ onMutationError, warnWhenUnsavedChanges, ...props }: CoreProps & { warnWhenUnsavedChanges?: boolean }) {
  const [form] = Form.useForm<Values>();
  // Refine's option (on in app.tsx) unless the form says otherwise.
  const { warnWhenUnsavedChanges: warnByDefault, setWarnWhen } = useWarnAboutChange();
  const warn = warnWhenUnsavedChanges ?? warnByDefault;
  const core = useForm<BaseRecord, HttpError, Values>({
    ...props,
    onMutationError: (error, variables, context) => {
      // Clear the last attempt's server errors, then set this one's, each on its input.
      const cleared = Object.keys(flattenObjectKeys(form.getFieldsValue())).map((field) => ({ name: propertyPathToArray(field), errors: [] }));
      const fromServer = Object.entries(error?.errors ?? {}).map(([field, message]) => ({
        name: propertyPathToArray(field),
        errors: Array.isArray(message) ? message : [typeof message === "string" ? message : "Field is not valid."],
      }));
      form.setFields([...cleared, ...fromServer] as Parameters<typeof form.setFields>[0]);
      onMutationError?.(error, variables, context);
    },
  });
  const record = core.query?.data?.data;
  useEffect(() => {
    form.resetFields();
  }, [form, record, core.id]);

  const formProps: FormProps<Values> = {
    form,
    onValuesChange: (changed: Values) => {
      if (changed && warn) setWarnWhen(true);
    },
  };
  const saveButtonProps = {
    disabled: core.formLoading,
    loading: core.mutation.isPending,
    onClick: () => form.submit(),
  };
  return { ...core, form, formProps, saveButtonProps };
}
