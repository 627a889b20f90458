import type { AssetReader } from "../services";

/** An asset the server could not read: a deployment without public/geo, or a path that is not there. */
export class MissingAssetError extends Error {}

/** public/ on disk, as the Node server serves it (it runs from the project's folder). */
export function diskAssets(readFile: (file: string) => Promise<string>, publicDir = "public"): AssetReader {
  return {
    text: (path) =>
      readFile(`${publicDir}${path}`).catch((error: unknown) => {
        throw new MissingAssetError(`Asset ${path} could not be read: ${String(error)}`);
      }),
  };
}

/** Workers' static assets, the same files (wrangler.toml's [assets]), through their binding: no request leaves the isolate. */
export function boundAssets(binding: { fetch(request: Request): Promise<Response> }): AssetReader {
  return {
    async text(path) {
      const response = await binding.fetch(new Request(`https://assets.invalid${path}`));
      if (!response.ok) throw new MissingAssetError(`Asset ${path} answered ${response.status}`);
      return response.text();
    },
  };
}
