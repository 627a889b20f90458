import * as z from "zod/mini";
import { SELLER_PERMISSIONS, type SellerGrants, type SellerPermission } from "~/lib/seller-permissions";
import { field } from "~/lib/validation";
import { once } from "~/lib/once";

const UNLISTED = "Choose one of the listed options.";
const GRANT = new RegExp(`^(all|[1-9]\\d{0,9}):(${SELLER_PERMISSIONS.join("|")})$`);

/**
 * The permission checkboxes: one repeated field `grant`, each value "all:<permission>"
 * or "<projectId>:<permission>", so the form is plain HTML and works without JavaScript.
 */
const grants = () =>
  z
    .pipe(
      z.optional(z.union([z.string(), z.array(z.string())])),
      z.transform((v: string | string[] | undefined) => [...new Set(v === undefined ? [] : Array.isArray(v) ? v : [v])].filter((x) => x !== "")),
    )
    .check(z.refine((v) => v.every((x) => GRANT.test(x)), UNLISTED));

/** The checkbox values back into grants. */
export function grantsFromValues(values: readonly string[]): SellerGrants {
  const result: SellerGrants = { all: [], projects: {} };
  for (const value of values) {
    const [scope, permission] = value.split(":") as [string, SellerPermission];
    if (scope === "all") result.all.push(permission);
    else (result.projects[scope] ??= []).push(permission);
  }
  return result;
}

/** And grants into the checkbox values the form shows ticked. */
export const valuesFromGrants = (g: SellerGrants) => [...g.all.map((p) => `all:${p}`), ...Object.entries(g.projects).flatMap(([id, list]) => list.map((p) => `${id}:${p}`))];

/** /sellers/permissions: invite a colleague with what they may do. */
export const inviteColleagueSchema = once(() => z.object({
  name: field.text({ min: 2, max: 100 }),
  email: field.email(),
  grant: grants(),
}));

/** The projects a page of the form showed (hidden fields): their permissions are replaced, no other project's. */
const shown = () =>
  z
    .pipe(
      z.optional(z.union([z.string(), z.array(z.string())])),
      z.transform((v: string | string[] | undefined) => (v === undefined ? undefined : [...new Set(Array.isArray(v) ? v : [v])])),
    )
    .check(z.refine((v) => v === undefined || v.every((x) => /^[1-9]\d{0,9}$/.test(x)), UNLISTED));

/** /sellers/permissions/{id}: replace a colleague's permissions (with `shown`, on the projects of the page). */
export const colleaguePermissionsSchema = once(() => z.object({ grant: grants(), shown: shown() }));
