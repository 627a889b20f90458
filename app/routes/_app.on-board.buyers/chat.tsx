import { FieldErrors } from "~/components/forms";
import type { TranscriptEntry } from "~/lib/onboard-chats";

/** The conversation so far: our question on the left, the member's answer on the right. */
export function Bubbles({ turns }: { turns: ReadonlyArray<Pick<TranscriptEntry, "step" | "question" | "answer" | "skipped">> }) {
  if (!turns.length) return null;
  return (
    <ol className="space-y-3" aria-label="Conversation so far">
      {turns.map((t, i) => (
        <li key={`${t.step}-${i}`} className="space-y-2">
          <p className="w-fit max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-2 text-sm">{t.question}</p>
          <p
            className={`ml-auto w-fit max-w-[85%] break-words rounded-2xl rounded-tr-sm px-4 py-2 text-right text-sm ${t.skipped ? "bg-slate-50 italic text-slate-500" : "bg-primary text-white"}`}
            data-testid={`answer-${t.step}`}
          >
            {t.answer}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Radio buttons (one answer) or check boxes (several): plain inputs, so the form posts without JavaScript. */
export function Choices({
  name,
  id,
  errorId,
  errors,
  multiple,
  choices,
  chosen,
  legend,
}: {
  name: string;
  id: string;
  errorId: string;
  errors?: string[];
  multiple: boolean;
  choices: readonly string[];
  chosen: string | readonly string[];
  legend: string;
}) {
  const picked = new Set(Array.isArray(chosen) ? chosen : [chosen]);
  return (
    <fieldset id={id} aria-invalid={errors ? true : undefined} aria-describedby={errors ? errorId : undefined}>
      <legend className="sr-only">{legend}</legend>
      <div className={`grid gap-x-4 gap-y-1 ${choices.length > 12 ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
        {choices.map((c) => (
          <label key={c} className="flex items-center gap-2 text-sm">
            <input type={multiple ? "checkbox" : "radio"} name={name} value={c} defaultChecked={picked.has(c)} />
            {c}
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
