import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { replyOrNotify } from "~/auth/session.server";
import { InboundPage } from "~/components/inbound-list";
import { INBOUND_LIST_TITLES } from "~/lib/inbound";
import { titleMeta } from "~/lib/meta";
import { inboundAction, inboundListPage } from "~/models/inbound.server";

export const meta = () => titleMeta(INBOUND_LIST_TITLES.demo);

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  return inboundListPage(services, { admin: user, kind: "demo", request: args.request });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  return replyOrNotify(services, args.request, await inboundAction(services, { admin: user, kind: "demo", request: args.request }));
}

export default InboundPage;
