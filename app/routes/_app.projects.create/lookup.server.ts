import type { Env } from "~/.server/env";
import type { AssetReader } from "~/.server/services";
import { geocoderFor } from "~/.server/geocoder";
import { answer, type Replier } from "~/.server/replies";
import { regionOfState } from "~/lib/us-regions";

export type FoundPlace = { zip: string; city: string; state: string; region: string; latitude: number; longitude: number; source: "zip" | "provider" };

/**
 * "Look up address": the form comes back as it was sent with the city, state, region and
 * coordinates filled in for the seller to check; nothing is saved until they save the step.
 */
export async function lookUpAddress({ env, assets }: { env: Env; assets: AssetReader }, { address = "", zip }: { address?: string; zip: string }, submission: Replier) {
  const found = await geocoderFor(env, assets).lookup({ street: address.trim(), zip });
  if (!found.ok) return answer(submission.reply({ fieldErrors: { zip: [found.message] } }), 400, { place: null });
  const { place } = found;
  const region = regionOfState(place.state) ?? "";
  const reply = submission.reply();
  const filled = { city: place.city, state: place.state, location: region, latitude: String(place.latitude), longitude: String(place.longitude), locatedZip: place.zip };
  return answer({ ...reply, initialValue: { ...reply.initialValue, ...filled } }, 200, {
    place: { zip: place.zip, city: place.city, state: place.state, region, latitude: place.latitude, longitude: place.longitude, source: found.source } satisfies FoundPlace,
  });
}
