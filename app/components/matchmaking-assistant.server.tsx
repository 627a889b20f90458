import type { assistantFor } from "~/models/matchmaking-chats.server";
import { BOT_MESSAGE_MAX } from "~/lib/matchmaking-bot";
import type { AssistantView } from "./matchmaking-assistant";
import { ProjectMatch, type ProjectMatchItem } from "./project-match";
import { staticMarkup } from "./static-html.server";

type ShownMatch = ProjectMatchItem & { industry: string };

/**
 * The assistant's conversation drawn here, a line at a time: the page ships each line's markup (the
 * projects it found, with their reasons), not the code that draws them.
 */
export function assistantView(assistant: Awaited<ReturnType<typeof assistantFor>>): AssistantView {
  const { opening, turns, proposal, hasCompany } = assistant;
  const said = [...(opening ? [{ from: "bot" as const, text: opening, matches: [] }] : []), ...turns];
  return {
    lines: said.map((t) => ({ from: t.from, ...staticMarkup(<Bubble from={t.from} text={t.text} matches={t.matches} />) })),
    started: turns.length > 0,
    messageMax: BOT_MESSAGE_MAX,
    proposal,
    hasCompany,
  };
}

function Bubble({ from, text, matches = [] }: { from: "bot" | "member"; text: string; matches?: ShownMatch[] }) {
  return (
    <>
      {/* break-words: a pasted link or a long word ran out of the bubble and made a phone's page scroll sideways */}
      <p
        className={`w-fit max-w-[85%] break-words rounded-2xl px-4 py-2 text-sm ${from === "bot" ? "rounded-tl-sm bg-slate-100" : "rounded-tr-sm bg-primary text-white"}`}
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
    </>
  );
}
