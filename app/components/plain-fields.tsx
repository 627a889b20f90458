import type { ReactNode } from "react";
import type { ActionResult } from "~/lib/action-result";

/**
 * Fields and error messages drawn as forms.tsx draws them, for pages whose forms are checked by the
 * server only (with the same schema as always) and held back by the browser while a required field
 * is empty. forms.tsx imports the form hook (form-state.ts), and esbuild loads a module whole: a page
 * at the JavaScript budget's edge that needs no hook takes these instead (decision 030).
 */

/**
 * A field as the server's last reply leaves it (its errors, the value sent) or as first drawn: the
 * ids, names and aria attributes `useForm` gives (`{form}-{field}`, `…-error`).
 */
export type PlainField = { id: string; name: string; errorId: string; value: string | undefined; errors: string[] | undefined; autoFocus?: true };

export function repliedFields(formId: string, result: ActionResult | undefined, defaults: Record<string, string> = {}) {
  const values = result?.initialValue ?? defaults;
  // a page drawn with the server's refusal (sent without JavaScript) starts on the first field to mend, as
  // forms.tsx's do: it started at the page's top, and a keyboard user tabbed through it all back to the form
  const first = Object.keys(result?.error ?? {}).find((key) => key && result?.error?.[key]?.length);
  return (name = ""): PlainField => {
    const id = name ? `${formId}-${name}` : formId;
    const value = values[name];
    const errors = result?.error?.[name];
    return { id, name, errorId: `${id}-error`, value: typeof value === "string" ? value : undefined, errors: errors?.length ? errors : undefined, autoFocus: (name && name === first) || undefined };
  };
}

/** A required control's attributes: the browser holds it back while empty, the server checks the rest. */
export function controlProps(field: PlainField) {
  return {
    id: field.id,
    name: field.name,
    defaultValue: field.value,
    required: true,
    autoFocus: field.autoFocus,
    "aria-invalid": field.errors ? true : undefined,
    "aria-describedby": field.errors ? field.errorId : undefined,
  };
}

export function FieldLabel({ field, children, hint }: { field: PlainField; children: ReactNode; hint?: string }) {
  return (
    <label htmlFor={field.id} className="label">
      {children}
      {hint ? <span className="ml-1 font-normal text-slate-500">{hint}</span> : null}
    </label>
  );
}

/** As forms.tsx's FieldErrors. */
export function FieldErrors({ field }: { field: PlainField }) {
  if (!field.errors) return null;
  return (
    <div id={field.errorId} className="field-error" role="alert">
      {field.errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/** As forms.tsx's FormErrors. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" data-testid="form-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/** A required text field with its label and errors. */
export function TextField({ field, label, hint, inputMode }: { field: PlainField; label: string; hint: string; inputMode?: "numeric" | "decimal" }) {
  return (
    <div>
      <FieldLabel field={field} hint={hint}>
        {label}
      </FieldLabel>
      <input className="input" type="text" inputMode={inputMode} {...controlProps(field)} />
      <FieldErrors field={field} />
    </div>
  );
}
