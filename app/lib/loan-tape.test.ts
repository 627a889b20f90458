import { describe, expect, it } from "vitest";
import { readCsvTable } from "./csv-import";
import { LOAN_TAPE_COLUMNS, LOAN_TAPE_TEMPLATE, parseLoanTape, parseLoanTapeInSteps, tapeCompleteness, type FieldCount } from "./loan-tape";

const allowed = { states: ["IL", "OH", "TX"], statuses: ["Performing", "Non-Performing"] };
const parse = (csv: string) => parseLoanTape(readCsvTable(csv, LOAN_TAPE_COLUMNS) as string[][], allowed);
const HEADER =
  "loan_number,balance,interest_rate,maturity_date,property_type,state,status,ltv,original_balance,origination_date,rate_type,amortization_type," +
  "remaining_term_months,payment_status,days_delinquent,lien_position,city,zip,appraised_value,appraisal_date,dscr,occupancy,credit_score";

describe("the wider loan tape", () => {
  it("reads every field of the template, the words of lists in any case", () => {
    const { rows, errors } = parse(LOAN_TAPE_TEMPLATE.replace("Fixed,Level", "fixed,level"));
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({
      originalBalance: 1_400_000, originationDate: "2021-06-30", rateType: "Fixed", amortizationType: "Level", remainingTermMonths: 300,
      paymentStatus: "Current", daysDelinquent: 0, lienPosition: 1, city: "Chicago", zip: "60601", appraisedValue: 1_825_000,
      appraisalDate: "2024-03-15", dscr: 1.35, occupancy: 94, creditScore: null,
    });
    expect(rows[1]).toMatchObject({ originalBalance: null, rateType: null, zip: null });
  });

  it("reads a tape re-saved by US Excel: dates month first (M/D/YYYY) as ISO, a day-first one refused", () => {
    const { rows, errors } = parse("loan_number,balance,interest_rate,maturity_date,property_type,state,status,ltv\nA,100,5,6/30/2031,Office,IL,Performing,\nB,100,5,30/6/2031,Office,IL,Performing,\n");
    expect(rows.map((r) => r.maturityDate)).toEqual(["2031-06-30"]);
    expect(errors).toEqual([{ line: 3, reason: "maturity_date: a date as YYYY-MM-DD or M/D/YYYY (month first) is required." }]);
  });

  it("keeps accepting the eight-column tape", () => {
    const { rows, errors } = parse("loan_number,balance,interest_rate,maturity_date,property_type,state,status,ltv\nA,100,5,2030-01-01,Office,IL,Performing,\n");
    expect(errors).toEqual([]);
    expect(rows[0]!.dscr).toBeNull();
  });

  it("names each bad optional field in the spec's words", () => {
    const { errors } = parse(`${HEADER}\nA,100,5,2030-01-01,Office,IL,Performing,,x,2020-13-45,Variable,Negative,12.5,Late,-3,0,,6060,,,25,101,900\n`);
    expect(errors).toHaveLength(1);
    const reason = errors[0]!.reason;
    expect(errors[0]!.line).toBe(2);
    for (const part of [
      "original_balance: Value must be a valid decimal.",
      "origination_date: a date as YYYY-MM-DD or M/D/YYYY (month first) is required.",
      "rate_type: one of Fixed, Floating, Hybrid is required.",
      "amortization_type: one of Level, Interest-only, Balloon is required.",
      "remaining_term_months: Value must be an number.",
      "payment_status: one of Current,",
      "days_delinquent: Value must be an number.",
      "lien_position: Requires a value of at least 1.",
      "zip: Invalid zip code.",
      "dscr: Exceeds maximum value of 20.",
      "occupancy: Exceeds maximum value of 100.",
      "credit_score: Exceeds maximum value of 850.",
    ])
      expect(reason).toContain(part);
  });
});

describe("a loan tape saved by Excel with its percentages formatted", () => {
  it("reads a rate, an LTV and an occupancy written with a percent sign as the percentages they are", () => {
    const { rows, errors } = parse(`${HEADER}\nA,100,5.25%,2030-01-01,Office,IL,Performing,68.5 %,,,,,,,,,,,,,,94%,\n`);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ interestRate: 5.25, ltv: 68.5, occupancy: 94 });
  });

  it("still refuses a balance or a DSCR with one, and a rate past its bounds", () => {
    const { errors } = parse(`${HEADER}\nA,100%,105%,2030-01-01,Office,IL,Performing,,,,,,,,,,,,,,1.2%,,\n`);
    expect(errors[0]!.reason).toBe("balance: Value must be a valid decimal. interest_rate: Exceeds maximum value of 100. dscr: Value must be a valid decimal.");
  });
});

describe("a loan tape saved by Excel with its amounts formatted as currency", () => {
  it("reads a balance, an original balance and an appraised value written with a dollar sign as the dollars they are", () => {
    const { rows, errors } = parse(`${HEADER}\nA,"$1,250,000.00",5,2030-01-01,Office,IL,Performing,,"$1,400,000",,,,,,,,,,$ 1825000,,,,\n`);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ balance: 1_250_000, originalBalance: 1_400_000, appraisedValue: 1_825_000 });
  });

  it("still refuses a rate, an LTV or a DSCR with one", () => {
    const { errors } = parse(`${HEADER}\nA,100,$5,2030-01-01,Office,IL,Performing,$60,,,,,,,,,,,,,$1.2,,\n`);
    expect(errors[0]!.reason).toBe("interest_rate: Value must be a valid decimal. ltv: Value must be a valid decimal. dscr: Value must be a valid decimal.");
  });
});

describe("a loan tape's ZIP codes saved by Excel", () => {
  it("get back their leading zero where the row's state has such ZIPs, and stay refused elsewhere", () => {
    const line = (zip: string, state: string) => `A-${zip}-${state},100,5,2030-01-01,Office,${state},Performing,,,,,,,,,,,${zip},,,,,`;
    const { rows, errors } = parseLoanTape(readCsvTable(`${HEADER}\n${line("2134", "MA")}\n${line("6060", "IL")}\n`, LOAN_TAPE_COLUMNS) as string[][], { ...allowed, states: ["IL", "MA"] });
    expect(rows.map((r) => r.zip)).toEqual(["02134"]);
    expect(errors).toEqual([{ line: 3, reason: "zip: Invalid zip code." }]);
  });
});

describe("a loan tape's amounts of hundreds of digits", () => {
  it("are out of the column's range, as one just past it", () => {
    const { errors } = parse(`loan_number,balance,interest_rate,maturity_date,property_type,state,status,ltv\nA,${"9".repeat(400)},${"9".repeat(400)}.5,2030-01-01,Office,IL,Performing,-${"9".repeat(400)}\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.reason).toContain("balance: Exceeds maximum value of 1000000000000.");
    expect(errors[0]!.reason).toContain("interest_rate: Exceeds maximum value of 100.");
    expect(errors[0]!.reason).toContain("ltv: Requires a value of at least 0.");
    expect(errors[0]!.reason).not.toContain("valid decimal");
  });
});

describe("tape completeness", () => {
  const full = (column: FieldCount["column"], applicable: number, present = applicable): FieldCount => ({ column, applicable, present });

  it("is 100 when every applicable field is there, and nothing without loans", () => {
    expect(tapeCompleteness(4, [full("dscr", 4), full("credit_score", 0)])).toEqual({ loans: 4, score: 100, gaps: [] });
    expect(tapeCompleteness(0, [])).toBeNull();
  });

  it("counts present cells over applicable cells, the required five included, and names the worst gaps first", () => {
    // 10 loans: 50 required cells, dscr 10 applicable (4 present), zip 10 (9), appraisal date 10 (0), credit score 0 applicable
    const result = tapeCompleteness(10, [full("dscr", 10, 4), full("zip", 10, 9), full("appraisal_date", 10, 0), full("credit_score", 0)]);
    expect(result!.score).toBe(Math.floor(((50 + 4 + 9 + 0) / (50 + 30)) * 100));
    expect(result!.gaps).toEqual([
      { label: "Appraisal date", missing: 10, applicable: 10 },
      { label: "DSCR", missing: 6, applicable: 10 },
      { label: "ZIP code", missing: 1, applicable: 10 },
    ]);
  });
});

describe("a long tape checked in steps", () => {
  it("gives other requests turns while it checks, and answers as the check of the whole tape does", async () => {
    const loan = (i: number) => `L-${i},${i % 700 === 0 ? "abc" : "100000"},5,2030-01-01,Office,IL,Performing,60`;
    // bad balances, a blank line, and a loan number again a step later
    const lines = ["loan_number,balance,interest_rate,maturity_date,property_type,state,status,ltv", ...Array.from({ length: 2_500 }, (_, i) => loan(i + 1)), "", loan(5)];
    const table = readCsvTable(lines.join("\n"), LOAN_TAPE_COLUMNS) as string[][];
    let turns = 0;
    const checked = await parseLoanTapeInSteps(table, allowed, async () => void turns++, 1000);
    expect(turns).toBe(2);
    expect(checked).toEqual(parseLoanTape(table, allowed));
    expect(checked.errors.map((e) => e.line)).toEqual([701, 1401, 2101, 2503]);
    expect(checked.rows).toHaveLength(2_500 - 3);
  });
});
