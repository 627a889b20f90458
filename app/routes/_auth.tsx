import { Outlet } from "@remix-run/react";

/** The login layout: one narrow card in the middle of the page. */
export default function LoginLayout() {
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-12 sm:py-20">
      <div className="w-full max-w-md">
        <Outlet />
      </div>
    </main>
  );
}
