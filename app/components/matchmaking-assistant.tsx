import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ActionResult } from "~/lib/action-result";
import { useAppLinks } from "./static-html";

/** The conversation as the page holds it: each line drawn on the server (matchmaking-assistant.server), and what to ask next. */
export type AssistantView = {
  lines: Array<{ from: "bot" | "member"; html: string }>;
  /** Whether the member has said anything yet (then they may start over). */
  started: boolean;
  /** The longest answer the assistant reads (the schema's limit, told to the browser). */
  messageMax: number;
  proposal: string | null;
  hasCompany: boolean;
};

const ACTION = "/buyers/assistant";

/**
 * The matchmaking assistant: a conversation of plain form posts to /buyers/assistant,
 * so it works without JavaScript; with it, a fetcher posts and the page's data is
 * reloaded in place. `back` is the page to return to after each turn.
 */
export function MatchmakingAssistant({ assistant, back, result }: { assistant: AssistantView; back: string; result?: ActionResult }) {
  const fetcher = useFetcher<{ result?: ActionResult }>();
  const busy = fetcher.state !== "idle";
  const errors = Object.values((fetcher.data?.result ?? result)?.error ?? {}).flatMap((e) => e ?? []);
  const { lines, started, proposal } = assistant;
  const followLinks = useAppLinks();
  // a turn answered: the buttons, disabled while it was on its way, had left the focus on <body>, and the member
  // tabbed through the page back to the box for the next answer. The new box takes it (the reply was announced)
  const was = useRef(fetcher.state);
  useEffect(() => {
    if (was.current !== "idle" && !busy && document.activeElement === document.body) document.getElementById("assistant-message")?.focus();
    was.current = fetcher.state;
  }, [fetcher.state, busy]);
  return (
    <section id="assistant" className="card space-y-4" aria-labelledby="assistant-heading" data-testid="matchmaking-assistant">
      <div className="flex items-center justify-between gap-2">
        <h2 id="assistant-heading" className="text-lg font-semibold">
          Matchmaking assistant
        </h2>
        {started ? (
          <fetcher.Form method="post" action={ACTION}>
            <input type="hidden" name="back" value={back} />
            <button type="submit" name="intent" value="restart" className="btn-secondary" disabled={busy}>
              Start over
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      {/* a line once drawn keeps its markup, so the live region announces only the new ones */}
      <ol className="space-y-2" aria-label="Conversation with the assistant" aria-live="polite" onClick={followLinks}>
        {lines.map((line, i) => (
          <li key={i} className={line.from === "bot" ? "space-y-2" : "flex justify-end"} dangerouslySetInnerHTML={{ __html: line.html }} />
        ))}
      </ol>
      {proposal ? (
        <div className="rounded-md border border-primary/30 bg-primary/5 p-3 text-sm" data-testid="assistant-proposal">
          <p>
            Shall I save this to your criteria? <strong>{proposal}</strong>
          </p>
          <fetcher.Form method="post" action={ACTION} className="mt-2 flex flex-wrap gap-2">
            <input type="hidden" name="back" value={back} />
            <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
              Save to my criteria
            </button>
            <button type="submit" name="intent" value="dismiss" className="btn-secondary" disabled={busy}>
              Not now
            </button>
          </fetcher.Form>
        </div>
      ) : null}
      {/* a new form after each turn, so the answer box is empty again */}
      <fetcher.Form key={lines.length} method="post" action={ACTION} className="space-y-2">
        <input type="hidden" name="back" value={back} />
        <label htmlFor="assistant-message" className="label">
          Your answer
        </label>
        <textarea
          id="assistant-message"
          name="message"
          rows={2}
          required
          maxLength={assistant.messageMax}
          className="input"
          placeholder="For example: loan pools in Texas under $5M, performing"
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? "assistant-errors" : undefined}
        />
        {errors.length ? (
          <div id="assistant-errors" className="field-error" role="alert">
            {errors.map((e) => (
              <p key={e}>{e}</p>
            ))}
          </div>
        ) : null}
        <button type="submit" name="intent" value="say" className="btn-primary" disabled={busy}>
          {busy ? "Sending…" : "Send"}
        </button>
      </fetcher.Form>
    </section>
  );
}
