import { useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { getInputProps, getTextareaProps, type FieldMetadata } from "./form-state";
import { FieldErrors, Label } from "./forms";

/**
 * A field's character counter (spec §5: a text field with a maximum shows one, in an error style past it): the
 * count and the limit, drawn on the server with the saved text's length (without JavaScript the limit shows), and
 * counted as one types. The counter describes the field (read as it takes the focus) but is not live: a screen
 * reader would read it on every key. A hidden live region speaks only as the text comes within a tenth of the limit
 * or passes it.
 */
function useCounter(meta: FieldMetadata<string | undefined>, max: number) {
  // the text the field was filled with, and the count as typed since: a new fill (an address look-up's city, a
  // server's answer) counts afresh
  const initial = String(meta.initialValue ?? "");
  const [typed, setTyped] = useState({ initial, count: initial.length });
  const count = typed.initial === initial ? typed.count : initial.length;
  const over = count > max;
  const counterId = `${meta.id}-counter`;
  const counter = (
    <>
      <p id={counterId} className={`mt-1 text-right text-xs ${over ? "font-semibold text-red-700" : "text-slate-500"}`} data-testid={`${meta.name}-counter`} data-over={over}>
        {count} / {max}
      </p>
      {/* its text changes only as the state does, so it is said once each time */}
      <span className="sr-only" aria-live="polite" data-testid={`${meta.name}-counter-alert`}>
        {over ? `Over the limit of ${max} characters` : count >= max * 0.9 ? `Close to the limit of ${max} characters` : ""}
      </span>
    </>
  );
  return { counterId, counter, onInput: (e: { currentTarget: { value: string } }) => setTyped({ initial, count: e.currentTarget.value.length }) };
}

/** A text area with a character counter that turns red past the maximum. */
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
  const { counterId, counter, onInput } = useCounter(meta, max);
  return (
    <div>
      <Label htmlFor={meta.id} hint={hint}>
        {label}
      </Label>
      <textarea className="input" rows={6} {...getTextareaProps(meta, { ariaDescribedBy: counterId })} {...rest} onInput={onInput} />
      {counter}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * A one-line text field with the same counter (a project's name, a pool's name, an address). No `maxLength`: a
 * pasted text past the limit is shown whole, counted red and refused with the schema's message, not cut silently.
 */
export function CountedTextField({
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
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "maxLength">) {
  const { counterId, counter, onInput } = useCounter(meta, max);
  return (
    <div>
      <Label htmlFor={meta.id} hint={hint}>
        {label}
      </Label>
      <input className="input" {...getInputProps(meta, { type: "text", ariaDescribedBy: counterId })} {...rest} onInput={onInput} />
      {counter}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
