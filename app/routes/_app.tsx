import { Outlet } from "@remix-run/react";

/** The default layout for members' pages. */
export default function DefaultLayout() {
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
      <Outlet />
    </main>
  );
}
