import { useFetcher } from "@remix-run/react";
import type { ActionResult } from "~/lib/action-result";
import { BOT_MESSAGE_MAX } from "~/lib/matchmaking-bot";
import { ProjectMatch, type ProjectMatchItem } from "./project-match";

type ShownMatch = ProjectMatchItem & { industry: string };
export type AssistantView = {
  opening: string | null;
  turns: Array<{ from: "bot" | "member"; text: string; matches: ShownMatch[] }>;
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
  const { turns, opening, proposal } = assistant;
  return (
    <section id="assistant" className="card space-y-4" aria-labelledby="assistant-heading" data-testid="matchmaking-assistant">
      <div className="flex items-center justify-between gap-2">
        <h2 id="assistant-heading" className="text-lg font-semibold">
          Matchmaking assistant
        </h2>
        {turns.length ? (
          <fetcher.Form method="post" action={ACTION}>
            <input type="hidden" name="back" value={back} />
            <button type="submit" name="intent" value="restart" className="btn-secondary" disabled={busy}>
              Start over
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      <ol className="space-y-2" aria-label="Conversation with the assistant" aria-live="polite">
        {opening ? <Bubble from="bot" text={opening} /> : null}
        {turns.map((t, i) => (
          <Bubble key={i} from={t.from} text={t.text} matches={t.matches} />
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
      <fetcher.Form key={turns.length} method="post" action={ACTION} className="space-y-2">
        <input type="hidden" name="back" value={back} />
        <label htmlFor="assistant-message" className="label">
          Your answer
        </label>
        <textarea
          id="assistant-message"
          name="message"
          rows={2}
          required
          maxLength={BOT_MESSAGE_MAX}
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

function Bubble({ from, text, matches = [] }: { from: "bot" | "member"; text: string; matches?: ShownMatch[] }) {
  return (
    <li className={from === "bot" ? "space-y-2" : "flex justify-end"}>
      <p
        className={`w-fit max-w-[85%] rounded-2xl px-4 py-2 text-sm ${from === "bot" ? "rounded-tl-sm bg-slate-100" : "rounded-tr-sm bg-primary text-white"}`}
        data-testid={from === "bot" ? "assistant-says" : "member-says"}
      >
        <span className="sr-only">{from === "bot" ? "Assistant: " : "You: "}</span>
        {text}
      </p>
      {matches.length ? (
        <ul className="grid gap-2 sm:grid-cols-3" aria-label="Projects that fit">
          {matches.map((m) => (
            <ProjectMatch key={m.projectId} match={m} className="rounded-md border border-slate-200 p-2 text-sm" testId="assistant-match" />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
