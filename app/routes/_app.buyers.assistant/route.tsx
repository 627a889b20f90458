import { useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { MatchmakingAssistant } from "~/components/matchmaking-assistant";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { assistantAction, assistantLoader } from "./assistant.server";

export const meta = () => titleMeta("Matchmaking assistant");

/** The assistant on a page of its own: where its forms post, and where a refused turn is shown without JavaScript. */
export async function loader(args: LoaderFunctionArgs) {
  return await assistantLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return assistantAction(args);
}

export default function AssistantPage() {
  const { assistant } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Matchmaking assistant" back={{ to: "/buyers/search", label: "Search projects" }} />
      <MatchmakingAssistant assistant={assistant} back="/buyers/assistant" result={result} />
    </div>
  );
}
