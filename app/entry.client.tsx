import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { installChunkReload } from "~/lib/chunk-reload";
import { keepScrollBoxStops } from "~/lib/scroll-box-stops";

installChunkReload(window);
keepScrollBoxStops(window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
