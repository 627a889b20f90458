import { Link } from "@remix-run/react";

const ASSET_KINDS = [
  { title: "Loan pools", text: "Performing and non-performing pools with loan tapes, term and property summaries." },
  { title: "Real estate", text: "Commercial, multifamily and industrial property, with occupancy and NOI." },
  { title: "Insurance-backed loans", text: "Loans secured by life insurance and annuity policies." },
  { title: "Limited companies", text: "Private companies and their debt, with financials and industry data." },
];

/** The public homepage, at / and for visitors at /home. */
export function Landing() {
  return (
    <>
      <section className="bg-gradient-to-b from-primary to-primary-dark text-white">
        <div className="mx-auto max-w-7xl px-4 py-20">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            The secondary marketplace for private credit and illiquid assets
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-white/85">
            Banks, lenders and funds list loan portfolios and assets. Qualified buyers and brokers find them, sign
            the NDA, open the data room and make an offer — in one place.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/join" className="btn bg-white text-primary hover:bg-slate-100">
              Join the marketplace
            </Link>
            <Link to="/contact-us" className="btn border border-white/60 text-white hover:bg-white/10">
              Talk to our team
            </Link>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-16">
        <h2 className="mb-8 text-2xl font-bold">What trades here</h2>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ASSET_KINDS.map((kind) => (
            <div key={kind.title} className="card">
              <h3 className="mb-2 font-semibold text-primary">{kind.title}</h3>
              <p className="text-sm text-slate-600">{kind.text}</p>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
