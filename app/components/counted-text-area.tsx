import { useState, type ReactNode, type TextareaHTMLAttributes } from "react";
import { getTextareaProps, type FieldMetadata } from "./form-state";
import { FieldErrors, Label } from "./forms";

/**
 * A text area with a character counter that turns red past the maximum. The counter describes the
 * field (read as it takes the focus) but is not live: a screen reader would read it on every key.
 * A hidden live region speaks only as the text comes within a tenth of the limit or passes it.
 */
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
  const counterId = `${meta.id}-counter`;
  return (
    <div>
      <Label htmlFor={meta.id} hint={hint}>
        {label}
      </Label>
      <textarea
        className="input"
        rows={6}
        {...getTextareaProps(meta, { ariaDescribedBy: counterId })}
        {...rest}
        onInput={(e) => setCount(e.currentTarget.value.length)}
      />
      <p
        id={counterId}
        className={`mt-1 text-right text-xs ${over ? "font-semibold text-red-700" : "text-slate-500"}`}
        data-testid={`${meta.name}-counter`}
        data-over={over}
      >
        {count} / {max}
      </p>
      {/* its text changes only as the state does, so it is said once each time */}
      <span className="sr-only" aria-live="polite" data-testid={`${meta.name}-counter-alert`}>
        {over ? `Over the limit of ${max} characters` : count >= max * 0.9 ? `Close to the limit of ${max} characters` : ""}
      </span>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
