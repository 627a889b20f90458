import { getInputProps, type FieldMetadata, type FormMetadata } from "~/components/form-state";
import { useFetcher } from "@remix-run/react";
import { useEffect, type MouseEvent } from "react";
import { formErrorsOf, type ActionResult } from "~/lib/action-result";
import type { FoundPlace } from "./lookup.server";

type Meta = FieldMetadata<string | undefined>;

/** What the wizard's action answers a look-up; `projectPage` when the listing is no longer a draft. */
export type LookupAnswer = { result: ActionResult; place: FoundPlace | null; projectPage?: string };

/** The look-up's fetcher, shared with the step's form, which draws a refusal of the whole form. */
export const lookupKeyOf = (draftId: number) => `address-lookup-${draftId}`;

/**
 * "Look up address" on a real-estate listing: a submit button of the step's form with its own
 * intent (the page comes back filled, nothing saved); with JavaScript a fetcher that fills the
 * fields in place. Either way the seller sees what was found and saves to confirm it.
 */
export function AddressLookup({
  draftId,
  form,
  latitude,
  longitude,
  locatedZip,
  place,
}: {
  draftId: number;
  form: FormMetadata<Record<string, unknown>, string[]>;
  latitude: Meta;
  longitude: Meta;
  locatedZip: Meta;
  place: FoundPlace | null;
}) {
  const fetcher = useFetcher<LookupAnswer>({ key: lookupKeyOf(draftId) });
  const found = fetcher.data ? fetcher.data.place : place;
  // a refusal of the whole form (the listing submitted since) is drawn at the top of the form
  const refused =
    fetcher.data && !fetcher.data.place && !formErrorsOf(fetcher.data.result) ? (fetcher.data.result.error?.zip?.[0] ?? "The address could not be looked up.") : null;
  const { update } = form;
  useEffect(() => {
    const p = fetcher.data?.place;
    if (!p) return;
    const filled = { city: p.city, state: p.state, location: p.region, latitude: String(p.latitude), longitude: String(p.longitude), locatedZip: p.zip };
    for (const [name, value] of Object.entries(filled)) update({ name, value });
  }, [fetcher.data, update]);
  const lookUp = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget.form!);
    data.set("intent", "lookup");
    fetcher.submit(data, { method: "post" });
  };
  const lat = latitude.value, lng = longitude.value;
  return (
    <div className="space-y-2 sm:col-span-2">
      <input {...getInputProps(latitude, { type: "hidden" })} key={latitude.key} />
      <input {...getInputProps(longitude, { type: "hidden" })} key={longitude.key} />
      <input {...getInputProps(locatedZip, { type: "hidden" })} key={locatedZip.key} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" name="intent" value="lookup" formNoValidate className="btn-secondary" onClick={lookUp}>
          {fetcher.state === "idle" ? "Look up address" : "Looking up…"}
        </button>
        <span className="text-sm text-slate-600" data-testid="map-position">
          {lat && lng ? `Map position: ${lat}, ${lng}` : "No map position yet: the map places the project in its state."}
        </span>
      </div>
      <div aria-live="polite" className="text-sm" data-testid="lookup-result">
        {found ? (
          <p className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900">
            Found {found.city}, {found.state}
            {found.region ? ` (${found.region})` : ""} at {found.latitude}, {found.longitude},{" "}
            {found.source === "zip" ? "the centre of its zip code" : "the address itself"}. Check the city, state and region, then save to keep them.
          </p>
        ) : null}
        {refused ? <p className="text-red-700">{refused}</p> : null}
      </div>
    </div>
  );
}
