// The generated market the benches at scale stand on: `count` projects of the demo market's generator,
// listed by one seller, written in batches of 5,000 rows (250 a statement).
import type { Database } from "../app/.server/db";
import { projects } from "../app/.server/db/schema";
import { generateProject, type random } from "../app/seed/demo-market";

export async function insertGeneratedProjects(db: Database, { count, sellerId, r, now }: { count: number; sellerId: number; r: ReturnType<typeof random>; now: number }) {
  for (let i = 0; i < count; i += 5000) {
    const statements = [];
    for (let j = i; j < Math.min(count, i + 5000); j += 250) {
      const rows = [];
      for (let k = j; k < Math.min(count, j + 250); k++) {
        const { loans: _loans, ...p } = generateProject(r, k, sellerId, now);
        rows.push(p);
      }
      statements.push(db.insert(projects).values(rows));
    }
    await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  }
}
