import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { projectLoans, projects, type Project } from "~/.server/db/schema";
import type { ProjectStatus } from "~/lib/project-kinds";
import { appliesSql, COMPLETENESS_FIELDS, tapeCompleteness } from "~/lib/loan-tape";

// A loan pool's tape: its loans, replaced whole, and the completeness figures kept with the project.

export type LoanRow = Omit<typeof projectLoans.$inferInsert, "id" | "projectId">;

/** The tape's columns after id and project, in the table's order (the insert … select below names none). */
const LOAN_COLUMNS = Object.keys(getTableColumns(projectLoans)).filter((key) => key !== "id" && key !== "projectId");

/**
 * Replaces the whole loan tape in one batch, so a tape is never half-imported.
 * Rows travel as one JSON parameter per 500 loans (D1 allows 100 bound parameters
 * a statement), unpacked by SQLite's json_each. `onlyWhile`: only while the project is in one of
 * these statuses, tested in the batch itself (false, and nothing written, when it is not): the
 * wizard checks the draft before it reads the tape, and a submit could land in between.
 */
export async function replaceLoanTape(db: Database, projectId: number, rows: LoanRow[], { onlyWhile }: { onlyWhile?: readonly ProjectStatus[] } = {}) {
  const inStatus = onlyWhile ? inArray(projects.status, [...onlyWhile]) : undefined;
  const stillSo = onlyWhile ? sql` and exists (select 1 from ${projects} where ${and(eq(projects.id, projectId), inStatus)})` : sql``;
  const total = rows.reduce((sum, r) => sum + r.balance, 0);
  const weighted = total ? rows.reduce((sum, r) => sum + r.balance * r.interestRate, 0) / total : null;
  const inserts = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = JSON.stringify(rows.slice(i, i + 500));
    inserts.push(
      // insert … select fills every column in the table's order, id first (null: autoincrement)
      db.insert(projectLoans).select(
        sql`select null, ${projectId}, ${sql.join(
          LOAN_COLUMNS.map((key) => (key === "propertyType" || key === "state" ? sql.raw(`coalesce(value ->> '$.${key}', '')`) : sql.raw(`value ->> '$.${key}'`))),
          sql`, `,
        )} from json_each(${chunk}) where 1${stillSo}`,
      ),
    );
  }
  const [, ...written] = await db.batch([
    db.delete(projectLoans).where(sql`${eq(projectLoans.projectId, projectId)}${stillSo}`),
    ...inserts,
    db
      .update(projects)
      .set({
        tapeLoans: rows.length,
        // counted from the rows just inserted, in the same batch: the figures never disagree with the tape
        tapeFieldCounts: rows.length
          ? sql`(select ${sql.raw(tapeFieldCountsSql())} from ${projectLoans} where ${projectLoans.projectId} = ${projectId})`
          : null,
        loanAmount: total,
        size: total,
        waInterest: weighted === null ? null : Math.round(weighted * 1000) / 1000,
        updatedAt: new Date(),
      })
      .where(and(eq(projects.id, projectId), inStatus))
      .returning({ id: projects.id }),
  ] as unknown as Parameters<typeof db.batch>[0]);
  // the project's update is the last statement: a row back when it was written
  return (written.at(-1) as unknown[]).length > 0;
}

// a pool's tape on its listing pages (the first lines of it) and whole: built once
const tapeOfProject = preparedQuery((db) =>
  db
    .select()
    .from(projectLoans)
    .where(eq(projectLoans.projectId, sql.placeholder("projectId")))
    .orderBy(asc(projectLoans.line))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

/** The tape's loans in file order; `limit` for pages that show the first ones only. */
export async function loanTape(db: Database, projectId: number, { limit }: { limit?: number } = {}) {
  // SQLite reads a negative limit as none
  return tapeOfProject(db).all({ projectId, limit: limit ?? -1 });
}

/**
 * The tape's figures as projects.tape_field_counts stores them, counted in SQL from its loans: for
 * each field, the loans it applies to and the loans that have it (an empty string is as missing as
 * null: property type and state default to ''). Migration 0039 counted the tapes stored before it
 * with this expression; a change to COMPLETENESS_FIELDS wants a migration that counts them again.
 */
export function tapeFieldCountsSql() {
  const fields = COMPLETENESS_FIELDS.map((f) => {
    const applies = appliesSql(f.appliesTo);
    return `'${f.column}', json_array(sum(case when ${applies} then 1 else 0 end), sum(case when ${applies} and coalesce(${f.column}, '') != '' then 1 else 0 end))`;
  });
  return `json_object(${fields.join(", ")})`;
}

/** How complete a pool's tape is (app/lib/loan-tape.ts), from the figures stored with the project; null without a tape. */
export function tapeCompletenessOf(project: Pick<Project, "tapeLoans" | "tapeFieldCounts">) {
  const counts = project.tapeFieldCounts;
  if (!project.tapeLoans || !counts) return null;
  return tapeCompleteness(
    project.tapeLoans,
    COMPLETENESS_FIELDS.map((f) => {
      const [applicable, present] = counts[f.column] ?? [0, 0];
      return { column: f.column, applicable, present };
    }),
  );
}
