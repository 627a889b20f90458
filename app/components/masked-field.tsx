import type { ReactNode } from "react";
import { applyMask } from "~/lib/mask";
import { getInputProps, type FieldMetadata } from "./form-state";
import { FieldErrors, Label } from "./forms";

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
