import type { Change, FieldChange, Plan } from './catalog-diff.js';

/**
 * The plan in Terraform's style (SPEC §14): one line per change — `+` add, `~` change, `-` remove,
 * `!` what cannot be done — then a summary.
 */

const SIGN = { add: '+', change: '~', remove: '-', error: '!' } as const;

function shown(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(shown).join(', ')}]`;
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function fieldText(change: FieldChange): string {
  return `${change.field} ${shown(change.from)} → ${shown(change.to)}`;
}

export function changeLine(change: Change): string {
  const head = `${SIGN[change.action]} ${change.kind} ${JSON.stringify(change.address)}`;
  if (change.action === 'error') {
    return `${head}: ${change.message}${change.fields.length ? ` (${change.fields.map(fieldText).join(', ')})` : ''}`;
  }
  return change.fields.length ? `${head}: ${change.fields.map(fieldText).join(', ')}` : head;
}

export interface PlanCounts {
  add: number;
  change: number;
  remove: number;
  error: number;
}

export function countsOf(plan: Plan): PlanCounts {
  const counts: PlanCounts = { add: 0, change: 0, remove: 0, error: 0 };
  for (const change of plan.changes) counts[change.action]++;
  return counts;
}

export function summaryLine(counts: PlanCounts): string {
  const line = `${counts.add} to add, ${counts.change} to change, ${counts.remove} to remove`;
  return counts.error ? `${line}; ${counts.error} cannot be done` : line;
}

export function planText(plan: Plan): string {
  if (plan.changes.length === 0) return 'No changes: the catalogue matches the file.\n';
  return `${plan.changes.map(changeLine).join('\n')}\n\n${summaryLine(countsOf(plan))}\n`;
}
