/** A page chunk that fails to load (usually after a deploy) reloads the page, at most once a minute. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = "chunkReloadAt";

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

export function shouldReload(lastReloadAt: number | null, now: number) {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

type ReloadWindow = Pick<Window, "addEventListener" | "sessionStorage"> & {
  location: Pick<Location, "reload">;
};

export function reloadOnce(win: ReloadWindow, now = Date.now()) {
  let last: number | null = null;
  try {
    const stored = win.sessionStorage.getItem(KEY);
    last = stored ? Number(stored) : null;
  } catch {
    /* storage may be unavailable: reload anyway, the guard is best effort */
  }
  if (!shouldReload(last, now)) return false;
  try {
    win.sessionStorage.setItem(KEY, String(now));
  } catch {
    /* ignore */
  }
  win.location.reload();
  return true;
}

export function installChunkReload(win: ReloadWindow) {
  win.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError((event as PromiseRejectionEvent).reason)) reloadOnce(win);
  });
  win.addEventListener(
    "error",
    (event) => {
      const target = event.target as HTMLElement | null;
      const failedScript =
        target instanceof HTMLScriptElement || (target instanceof HTMLLinkElement && target.rel === "modulepreload");
      if (failedScript || isChunkLoadError((event as ErrorEvent).error)) reloadOnce(win);
    },
    true,
  );
}
