import type { Services } from "~/.server/services";
import type { Database } from "~/.server/db";
import { idParam, notFound } from "~/.server/http";
import type { SuppressionChannel } from "~/lib/marketing";
import { pageNumber, recordId } from "~/lib/query-params";
import { campaignOutcomes } from "./campaign-outcomes.server";
import { campaignOverview, composeChoices, findCampaign, offMarketDraft } from "./campaigns.server";
import { keepWithinPages } from "./list-query.server";

/**
 * The campaign a bulk e-mail or bulk SMS page (`:id`) names. A campaign of the other channel is
 * missing there (404): each page sends and previews its own channel's messages only.
 */
export async function requireChannelCampaign(db: Database, params: Record<string, string | undefined>, channel: SuppressionChannel) {
  const campaign = await findCampaign(db, { campaignId: idParam(params) });
  if (!campaign || campaign.channel !== channel) throw notFound();
  return campaign;
}

type ChannelCampaign = Awaited<ReturnType<typeof requireChannelCampaign>>;

/** What a campaign's page shows, for the page of recipients, the page of outcomes (`followed`) and the member previewed its address asks for. */
export async function campaignPage(services: Pick<Services, "db" | "env">, { campaign, request, pageSize }: { campaign: ChannelCampaign; request: Request; pageSize: number }) {
  const params = new URL(request.url).searchParams;
  const page = pageNumber(params.get("page"), 10_000);
  const followed = pageNumber(params.get("followed"), 10_000);
  const [overview, outcomes, offMarket] = await Promise.all([
    campaignOverview(services, { campaign, page, pageSize, customerId: recordId(params.get("customerId")), pickerPage: pageNumber(params.get("picker"), 10_000) }),
    campaign.status === "draft" ? null : campaignOutcomes(services.db, { campaign, page: followed }),
    offMarketDraft(services.db, campaign),
  ]);
  keepWithinPages(request, { page, pageSize, total: overview.recipientTotal });
  return { ...overview, outcomes, offMarket };
}

/** What a bulk e-mail or bulk SMS compose page shows: its channel's lists, the projects, the page of its campaigns the address asks for, and the list it names. */
export async function composePage(db: Database, { channel, request, pageSize }: { channel: SuppressionChannel; request: Request; pageSize: number }) {
  const params = new URL(request.url).searchParams;
  const page = pageNumber(params.get("page"), 10_000);
  const choices = await composeChoices(db, { channel, page, pageSize, listId: recordId(params.get("listId")) });
  keepWithinPages(request, { page, pageSize, total: choices.total });
  return { ...choices, listId: params.get("listId") ?? "", page };
}

/** The admin's own phone as a test text goes to it, or null (read here: the SMS module's tables stay out of the page's script). */
export { e164 as testPhoneOf } from "~/lib/sms";
