import { getInputProps, type FieldMetadata } from "~/components/form-state";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { getTextareaProps, getSelectProps } from "~/components/form-state";

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

export function Label({ htmlFor, children, hint }: { htmlFor: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="label">
      {children}
      {hint ? <span className="ml-1 font-normal text-slate-500">{hint}</span> : null}
    </label>
  );
}

type InputType = "text" | "email" | "password" | "tel" | "url" | "number" | "search" | "hidden" | "date";

export function TextField({
  meta,
  label,
  type = "text",
  hint,
  ...rest
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue">) {
  return (
    <div>
      <Label htmlFor={meta.id} hint={hint}>
        {label}
      </Label>
      <input className="input" {...getInputProps(meta, { type, ariaAttributes: true })} {...rest} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextAreaField({
  meta,
  label,
  hint,
  ...rest
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  hint?: ReactNode;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue">) {
  return (
    <div>
      <Label htmlFor={meta.id} hint={hint}>
        {label}
      </Label>
      <textarea className="input" rows={5} {...getTextareaProps(meta, { ariaAttributes: true })} {...rest} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  options,
  placeholder,
  ...rest
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "defaultValue">) {
  return (
    <div>
      <Label htmlFor={meta.id}>{label}</Label>
      <select className="input" {...getSelectProps(meta, { ariaAttributes: true })} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * The form's own errors; `children`, drawn inside, what the member can do about them (a link). `id`: the form's
 * `errorId`, which the form's `aria-describedby` names while it has errors of its own.
 */
export function FormErrors({ id, errors, children }: { id?: string; errors?: string[]; children?: ReactNode }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" data-testid="form-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" tabIndex={-1}>
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
      {children}
    </div>
  );
}
