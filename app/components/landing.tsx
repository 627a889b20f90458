import { Link } from "@remix-run/react";
import type { SiteSettings } from "~/.server/content/types";

/** The public homepage, at / and for visitors at /home; its words come from the CMS. */
export function Landing({ settings }: { settings: SiteSettings | null }) {
  return (
    <>
      <section className="bg-gradient-to-b from-primary to-primary-dark text-white">
        <div className="mx-auto max-w-7xl px-4 py-20">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            {settings?.hero.title ?? "The secondary marketplace for private credit and illiquid assets"}
          </h1>
          {settings ? <p className="mt-6 max-w-2xl text-lg text-white/85">{settings.hero.text}</p> : null}
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/join" className="btn bg-white text-primary hover:bg-slate-100">
              Join the marketplace
            </Link>
            <Link to="/contact-us?topic=demo" className="btn border border-white/60 text-white hover:bg-white/10">
              Request a demo
            </Link>
            <Link to="/contact-us" className="btn border border-white/60 text-white hover:bg-white/10">
              Talk to our team
            </Link>
          </div>
        </div>
      </section>
      {settings?.homeSections.length ? (
        <section className="mx-auto max-w-7xl px-4 py-16">
          <h2 className="mb-8 text-2xl font-bold">What trades here</h2>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {settings.homeSections.map((section) => (
              <div key={section.heading} className="card">
                <h3 className="mb-2 font-semibold text-primary">{section.heading}</h3>
                <p className="text-sm text-slate-600">{section.text}</p>
              </div>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
