import * as z from "zod/mini";
import { BOT_MESSAGE_MAX } from "~/lib/matchmaking-bot";
import { field, byIntent } from "~/lib/validation";
import { once } from "~/lib/once";

/** Where the assistant's forms came from, to go back to after a turn (checked on the server). */
const back = once(() => z.optional(z.string()));

/** The matchmaking assistant's forms, one action (/buyers/assistant) for the pages that show it. */
export const assistantSchema = once(() => byIntent([
  z.object({ intent: z.literal("say"), message: field.text({ max: BOT_MESSAGE_MAX }), back: back() }),
  z.object({ intent: z.literal("save"), back: back() }),
  z.object({ intent: z.literal("dismiss"), back: back() }),
  z.object({ intent: z.literal("restart"), back: back() }),
]));
