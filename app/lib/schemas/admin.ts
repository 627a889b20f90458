import * as z from "zod/mini";
import { byIntent } from "~/lib/validation";
import { tableActionSchema } from "./table";
import { once } from "~/lib/once";

const id = () => z.coerce.number().check(z.int(), z.positive());
const onUser = <I extends string>(intent: I) => z.object({ intent: z.literal(intent), userId: id() });

/** The users page: enable, disable or unlock one account. */
export const userAccessSchema = once(() => byIntent([onUser("enable"), onUser("disable"), onUser("unlock")]));

/** Every form of the users page: the account switches and the table's column and view forms. */
export const usersPageSchema = once(() => byIntent([...userAccessSchema().def.options, ...tableActionSchema("users").def.options]));

/** The contact messages page: mark one handled, or open it again. */
export const contactHandledSchema = once(() => z.object({ id: id(), handled: z.enum(["true", "false"]) }));

/** The audit log's one form: check the whole chain. */
export const auditVerifySchema = once(() => z.object({ intent: z.literal("verify") }));
