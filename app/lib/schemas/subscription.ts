import * as z from "zod/mini";
import { once } from "~/lib/once";

/** "Subscribe again", on the unsubscribe page and on /preferences (decision 142): a press of its button, nothing more. */
export const resubscribeSchema = once(() => z.object({ intent: z.literal("resubscribe", { error: "Press Subscribe again to confirm." }) }));
