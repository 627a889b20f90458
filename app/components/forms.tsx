import { getInputProps, type FieldMetadata } from "~/components/form-state";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { getTextareaProps, getSelectProps } from "~/components/form-state";
import { useState } from "react";
import { applyMask } from "~/lib/mask";

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

function Label({ htmlFor, children, hint }: { htmlFor: string; children: ReactNode; hint?: ReactNode }) {
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

export function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" data-testid="form-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/**
 * A file's problems after a check: one summary line and every bad row in the form's words,
 * so a seller or admin can fix the whole file in one pass rather than one error per try.
 */
export function ProblemList({ id, testId, summary, problems }: { id?: string; testId: string; summary?: string; problems: string[] }) {
  if (!summary && !problems.length) return null;
  return (
    <div id={id} role="alert" data-testid={testId} className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {summary ? <p className="font-medium">{summary}</p> : null}
      {problems.length ? (
        <ul className="mt-1 list-disc pl-5">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A text area with a live character counter that turns red past the maximum. */
export function CountedTextAreaField({
  meta,
  label,
  max,
  hint,
  ...rest
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  max: number;
  hint?: ReactNode;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "maxLength">) {
  const [count, setCount] = useState(() => String(meta.initialValue ?? "").length);
  const over = count > max;
  return (
    <div>
      <Label htmlFor={meta.id} hint={hint}>
        {label}
      </Label>
      <textarea
        className="input"
        rows={6}
        {...getTextareaProps(meta, { ariaAttributes: true })}
        {...rest}
        onInput={(e) => setCount(e.currentTarget.value.length)}
      />
      <p
        className={`mt-1 text-right text-xs ${over ? "font-semibold text-red-700" : "text-slate-500"}`}
        data-testid={`${meta.name}-counter`}
        data-over={over}
        aria-live="polite"
      >
        {count} / {max}
      </p>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A text input that formats what is typed with a mask (# digit, A letter, N alphanumeric, X any). */
export function MaskedField({
  meta,
  label,
  mask,
  hint,
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  mask: string;
  hint?: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={meta.id} hint={hint ?? `format ${mask}`}>
        {label}
      </Label>
      <input
        className="input"
        {...getInputProps(meta, { type: "text", ariaAttributes: true })}
        placeholder={mask}
        maxLength={mask.length}
        onInput={(e) => {
          e.currentTarget.value = applyMask(mask, e.currentTarget.value);
        }}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
