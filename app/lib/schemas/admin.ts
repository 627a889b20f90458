import { z } from "zod";

const id = () => z.coerce.number().int().positive();
const onUser = <I extends string>(intent: I) => z.object({ intent: z.literal(intent), userId: id() });

/** The users page: enable, disable or unlock one account. */
export const userAccessSchema = z.discriminatedUnion("intent", [onUser("enable"), onUser("disable"), onUser("unlock")]);

/** The contact messages page: mark one handled, or open it again. */
export const contactHandledSchema = z.object({ id: id(), handled: z.enum(["true", "false"]) });

/** The audit log's one form: check the whole chain. */
export const auditVerifySchema = z.object({ intent: z.literal("verify") });
