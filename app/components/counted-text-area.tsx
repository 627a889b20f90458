import { useState, type ReactNode, type TextareaHTMLAttributes } from "react";
import { getTextareaProps, type FieldMetadata } from "./form-state";
import { FieldErrors, Label } from "./forms";

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
