/** The constant lists of spec §9, with the exact labels. */
type Item = { value: string; label: string; icon?: string };

const same = (labels: string[]): Item[] => labels.map((label) => ({ value: label, label }));

export const INDUSTRIES: Item[] = [
  ["Real Estate", "building"],
  ["Aviation", "plane"],
  ["Retail", "cart"],
  ["Capital Goods", "factory"],
  ["Services", "briefcase"],
  ["Healthcare", "heart-pulse"],
  ["Energy", "bolt"],
  ["Consumer Products", "shopping-bag"],
  ["Utilities", "plug"],
  ["Technology", "cpu"],
  ["Basic Materials", "cube"],
  ["Transportation", "truck"],
  ["Insurance", "shield"],
  ["Aerospace & Defense", "rocket"],
  ["Agriculture", "wheat"],
  ["Alternative Assets", "gem"],
  ["Intellectual Property", "lightbulb"],
  ["Private Equity", "chart-pie"],
  ["Venture Capital", "seedling"],
  ["No Preferred Industry", "cart"],
  ["Other", "cart"],
].map(([label, icon]) => ({ value: label!, label: label!, icon: icon! }));

export const CONSTANT_LISTS: Array<{ key: string; title: string; items: Item[] }> = [
  { key: "industries", title: "Industries", items: INDUSTRIES },
  {
    key: "businessDescriptions",
    title: "Business descriptions",
    items: same([
      "Bank", "Hedge Fund", "Private Equity Fund", "Family Office", "Strategic Investor", "Asset Management",
      "Lending/Commercial Finance", "Institutional investment", "Real Estate Development", "Loan Servicer",
      "Venture Capital", "Credit Union", "Other Service Providers",
    ]),
  },
  {
    key: "propertyTypes",
    title: "Property types",
    items: same([
      "Industrial", "Residential (1-4 family)", "Multifamily (5+ units)", "Construction", "Hospitality",
      "Agricultural Land", "Office", "Retail", "Land (raw)", "Storage", "Commercial",
    ]),
  },
  {
    key: "investorTypes",
    title: "Investor types",
    items: same(["Accredited Investor", "Qualified Institutional Buyer (QIB)", "Retail Investor"]),
  },
  {
    key: "investmentTypes",
    title: "Investment types",
    items: same(["Debt (loans)", "Equity", "Credit (lending)", "Assets", "Other"]),
  },
  { key: "loanStatus", title: "Loan status", items: same(["Performing", "Non-Performing"]) },
  {
    key: "saleTypes",
    title: "Sale types",
    items: same(["Whole loan sale", "Portfolio sale", "Participation", "Note sale", "Asset sale", "Company sale", "Debt sale"]),
  },
  {
    key: "policyTypes",
    title: "Insurance policy types",
    items: same(["Whole life", "Universal life", "Variable universal life", "Term life", "Annuity"]),
  },
  { key: "syndication", title: "Syndication", items: same(["Yes", "No"]) },
  {
    key: "locations",
    title: "Locations",
    items: same(["Northeast", "Southeast", "Midwest", "West", "Southwest", "Nationwide"]),
  },
  {
    key: "transactionTypes",
    title: "Transaction types",
    items: same([
      "Financial Investment", "Loan-to-Own investment", "Commercial Real Estate", "Industrial Real Estate",
      "Real Estate of Any Kind", "Alternative Lending", "IP/R&D", "High Tech/High Growth Investment",
      "Trading Loans", "Trading Assets/Liquidation", "Other (please specify)",
    ]),
  },
  {
    key: "transactionScales",
    title: "Transaction scale bands",
    items: [
      ["lt1m", "<$1m"], ["1-5m", "$1-$5m"], ["5-10m", "$5-$10m"], ["10-25m", "$10-$25m"], ["25-50m", "$25-$50m"],
      ["50-100m", "$50-$100m"], ["100-300m", "$100-$300m"], ["300-500m", "$300-$500m"], ["gt500m", "Above $500m"],
    ].map(([value, label]) => ({ value: value!, label: label! })),
  },
  {
    key: "customerCountBands",
    title: "Admin customer count bands",
    items: [
      ["upto5m", "up to $5m"], ["5-10m", "5-10m"], ["10-25m", "10-25m"], ["25-50m", "25-50m"], ["50-100m", "50-100m"],
      ["100-300m", "100-300m"], ["300-500m", "300-500m"], ["gt500m", "Above $500m"],
    ].map(([value, label]) => ({ value: value!, label: label! })),
  },
  {
    key: "usStates",
    title: "US states",
    items: [
      ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"],
      ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"],
      ["FL", "Florida"], ["GA", "Georgia"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"],
      ["IN", "Indiana"], ["IA", "Iowa"], ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"],
      ["ME", "Maine"], ["MD", "Maryland"], ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"],
      ["MS", "Mississippi"], ["MO", "Missouri"], ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"],
      ["NH", "New Hampshire"], ["NJ", "New Jersey"], ["NM", "New Mexico"], ["NY", "New York"],
      ["NC", "North Carolina"], ["ND", "North Dakota"], ["OH", "Ohio"], ["OK", "Oklahoma"], ["OR", "Oregon"],
      ["PA", "Pennsylvania"], ["RI", "Rhode Island"], ["SC", "South Carolina"], ["SD", "South Dakota"],
      ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"], ["VA", "Virginia"],
      ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
    ].map(([value, label]) => ({ value: value!, label: label! })),
  },
];
