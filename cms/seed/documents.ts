import { CONSTANT_LISTS } from "./constants";
import { markdown } from "./markdown";

/**
 * The seed dataset: what a fresh clone shows with no Sanity project configured, and
 * what `npm run studio:import` loads into a real one. `production.ndjson` beside this
 * file is written from here by `npm run seed:export` (a test keeps the two equal).
 */
export type SeedDocument = { _id: string; _type: string; [field: string]: unknown };

const slug = (current: string) => ({ _type: "slug", current });

const pages: SeedDocument[] = [
  {
    _id: "page-terms",
    _type: "page",
    title: "Terms of use",
    slug: slug("terms"),
    seoDescription: "The terms under which sellers, buyers and brokers use the Secondary Marketplace.",
    body: markdown(`
## 1. Who may use the marketplace
The Secondary Marketplace is open to **institutional and accredited participants**: banks, credit unions, funds, family offices, lenders and licensed brokers. Listings are shown to members only and are not an offer of securities to the public.
## 2. Listings
A seller is responsible for the accuracy of what it lists: loan tapes, property data, financial statements and documents. Our team reviews every listing before it is published, but a review is not due diligence.
## 3. Confidentiality
Detailed information on a listing is released only after the buyer signs the listing's confidentiality agreement (NDA). Information received under an NDA may be used only to evaluate the transaction.
## 4. Offers and transactions
- A letter of intent (LOI) submitted through the marketplace is not binding unless it says so.
- Transactions close between the parties, under their own purchase agreement.
- Fees are due as agreed in the seller's or broker's engagement with us.
## 5. Conduct
Members may not contact a counterparty outside the marketplace to avoid its fees, scrape listings, or share their credentials.
---
Questions about these terms: [contact us](/contact-us).
`, "terms"),
  },
  {
    _id: "page-privacy",
    _type: "page",
    title: "Privacy policy",
    slug: slug("privacy"),
    seoDescription: "What personal data the Secondary Marketplace keeps, why, and how to have it corrected or erased.",
    body: markdown(`
## What we keep
- Your account: name, company, e-mail, phone and role.
- Your activity on listings: views, NDAs, messages and offers, so that sellers and our team can follow interest in a listing.
- Technical data: the pages you open and for how long (administrators are not tracked).
## Why
To run your account, to put buyers and sellers in touch, to match listings with the buyers whose criteria they fit, and to keep the marketplace secure.
## Cookies
One strictly necessary session cookie. No advertising cookies.
## Your rights
You may ask for a copy of your data, have it corrected, or have your account erased: write to privacy@secondarymarketplace.example or use [the contact form](/contact-us).
`, "privacy"),
  },
  {
    _id: "page-broker-affiliate",
    _type: "page",
    title: "Broker affiliate program",
    slug: slug("broker-affiliate"),
    seoDescription: "Brokers earn a share of the fees on the transactions they bring to the marketplace.",
    body: markdown(`
## Bring a deal, share the fee
Brokers who introduce a seller or a buyer to the marketplace receive **a share of our fee** on every transaction that closes with that client, for 24 months from the introduction.
## How it works
1. Create a broker account and tell us who you represent.
2. Invite your clients; every listing and offer they make is attributed to you.
3. Follow their deals in your broker dashboard and get paid on closing.
## Who qualifies
Licensed loan brokers, investment bankers and advisors to banks, credit unions and funds.
> We pay affiliates within 30 days of the closing of each transaction.
Ready to start? [Create a broker account](/join) or [talk to our team](/contact-us).
`, "affiliate"),
  },
  {
    _id: "page-referral-program",
    _type: "page",
    title: "Buyer referral program",
    slug: slug("referral-program"),
    seoDescription: "Buyers who refer another institutional buyer receive a credit on their next transaction.",
    body: markdown(`
## Refer a buyer
When an institution you refer signs its first NDA on the marketplace, you receive **a credit of 10% of our buyer fee** on your next closed transaction.
## Terms
- The referred institution must be new to the marketplace.
- Credits are applied at closing and cannot be paid out in cash.
- Credits expire 18 months after they are granted.
`, "referral"),
  },
];

const job = (
  id: string,
  title: string,
  department: string,
  location: string,
  employmentType: string,
  publishedAt: string,
  status: "open" | "closed",
  description: string,
): SeedDocument => ({
  _id: `jobPosting-${id}`,
  _type: "jobPosting",
  title,
  slug: slug(id),
  department,
  location,
  employmentType,
  description: markdown(description, id.replace(/-/g, "")),
  howToApply: "careers@secondarymarketplace.example",
  publishedAt,
  status,
});

const jobs: SeedDocument[] = [
  job("credit-analyst", "Credit Analyst", "Capital Markets", "New York, NY", "Full-time", "2026-10-01", "open", `
Review loan pools and company financials before they are listed, and help sellers present them well.
## What you will do
- Analyse loan tapes: performance, concentration, collateral.
- Write the teaser and the summary buyers see before the NDA.
## What you bring
- Three or more years in credit analysis at a bank, fund or rating agency.
- Fluency with spreadsheets; SQL is a plus.
`),
  job("full-stack-engineer", "Full-stack Engineer", "Engineering", "Remote (US)", "Full-time", "2026-09-15", "open", `
Build the marketplace: Remix on Cloudflare Workers, SQLite, and a lot of care for forms that work without JavaScript.
## What you bring
- Experience shipping web products end to end in TypeScript.
- Taste for small, well-named modules and tests that assert what users see.
`),
  job("buyer-coverage-associate", "Buyer Coverage Associate", "Sales", "Chicago, IL", "Full-time", "2026-08-20", "open", `
Own relationships with banks, funds and family offices who buy on the marketplace; match them with listings that fit their mandates.
`),
  // an unpublished draft: visible only in preview, so editors can try it
  {
    ...job("head-of-compliance", "Head of Compliance", "Legal", "New York, NY", "Full-time", "2026-11-15", "open", `
Lead KYC, AML and securities compliance for a marketplace of institutional buyers and sellers.
`),
    _id: "drafts.jobPosting-head-of-compliance",
  },
  job("marketing-intern", "Marketing Intern", "Marketing", "New York, NY", "Internship", "2026-03-01", "closed", `
Help us write the content of the site and the newsletters to our buyers. This position has been filled.
`),
];

const settings: SeedDocument = {
  _id: "siteSettings",
  _type: "siteSettings",
  hero: {
    title: "The secondary marketplace for private credit and illiquid assets",
    text: "Banks, lenders and funds list loan portfolios and assets. Qualified buyers and brokers find them, sign the NDA, open the data room and make an offer — in one place.",
  },
  homeSections: [
    { _key: "loanpools", _type: "homeSection", heading: "Loan pools", text: "Performing and non-performing pools with loan tapes, term and property summaries." },
    { _key: "realestate", _type: "homeSection", heading: "Real estate", text: "Commercial, multifamily and industrial property, with occupancy and NOI." },
    { _key: "insurance", _type: "homeSection", heading: "Insurance-backed loans", text: "Loans secured by life insurance and annuity policies." },
    { _key: "companies", _type: "homeSection", heading: "Limited companies", text: "Private companies and their debt, with financials and industry data." },
  ],
  contactEmail: "hello@secondarymarketplace.example",
  footerLinks: [
    { _key: "terms", _type: "footerLink", label: "Terms", href: "/terms" },
    { _key: "privacy", _type: "footerLink", label: "Privacy", href: "/privacy" },
    { _key: "jobs", _type: "footerLink", label: "Jobs", href: "/jobs" },
    { _key: "affiliate", _type: "footerLink", label: "Broker affiliate program", href: "/broker-affiliate" },
    { _key: "contact", _type: "footerLink", label: "Contact us", href: "/contact-us" },
  ],
};

const constantLists: SeedDocument[] = CONSTANT_LISTS.map((list) => ({
  _id: `constantList-${list.key}`,
  _type: "constantList",
  key: list.key,
  title: list.title,
  items: list.items.map((item, i) => ({ _key: `${list.key}${i}`, _type: "constantItem", ...item })),
}));

export const SEED_DOCUMENTS: SeedDocument[] = [settings, ...pages, ...jobs, ...constantLists];
