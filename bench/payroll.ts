// Payroll benchmark, over HTTP against a fresh database: BENCH_EMPLOYEES employees (default 1 000), each with a
// tax card and a salary base (monthly salary, a car benefit for every third, a union fee for every fifth), are set
// up untimed; then timed:
//   1. POST /payrolls/salarylists with all of them: the list and a calculated slip per employee;
//   2. PUT /payrolls/salarylists/{id}/approve: every slip recalculated and posted (a salary and an
//      employer-contribution receipt each, through the ledger's posting interface), in one transaction;
//   3. a second list of BENCH_SINGLE_APPROVALS employees (default 200) approved one PUT
//      /payrolls/salaryslips/{id}/approve each, BENCH_CONCURRENCY at a time (default 4).
// Prints the time of each step and the p50/p99 of one approval request.
//   node bench/payroll.ts                          (embedded SQLite, a file in a temporary directory)
//   DATABASE_URL=postgres://… node bench/payroll.ts (a new database on that server, dropped afterwards)
import { ManualClock } from '../src/platform/clock.ts';
import { openDatabase } from '../src/db/index.ts';
import { globalTables } from '../src/modules.ts';
import { benchDatabase } from './database.ts';
import { benchService } from './service.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** Slips approved one request each (the real interface's way) after the list is approved as a whole. */
const SINGLE = Number(process.env.BENCH_SINGLE_APPROVALS ?? 200);

const bench = await benchDatabase('payroll');
const clock = new ManualClock('2026-06-30T12:00:00Z');
const database = openDatabase({ url: bench.url, globalTables: globalTables() });
const { app, root, headers } = await benchService(bench.url, clock, database);

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${root}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Runs `task` for 0 … count-1, `width` at a time. */
async function inParallel(count: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** A valid personal identity code of someone born in 1960–1999. */
function identityCode(i: number): string {
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  const year = String(60 + (i % 40)).padStart(2, '0');
  const individual = String(2 + (i % 897)).padStart(3, '0');
  const control = '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(`${day}${month}${year}${individual}`) % 31];
  return `${day}${month}${year}-${individual}${control}`;
}

const setupStart = performance.now();
const employeeIds: number[] = new Array<number>(EMPLOYEES);
await inParallel(EMPLOYEES, 8, async (i) => {
  const person = await call<{ id: number }>('POST', '/businesspartners', {
    name: `Työntekijä ${i}`,
    type: 'PERSON',
    invoicingInfo: { identifier: identityCode(i), identifierType: 'HETU' },
  });
  const employee = await call<{ employeeId: number }>('POST', '/payrolls/employees/salaryinfo', {
    personId: person.id,
    incomeConfiguration: {
      baseSalaryValue: 3000 + (i % 50) * 37.5,
      baseSalaryType: 'ONE_MONTH',
      baseSalaryHours: 160,
      travelExpensesSpecialHandling: 'NONE',
      salaryChannel: 'EMAIL',
      excludedFromAutomatedWithholdingPercentageRequest: false,
    },
    insurancesConfiguration: {
      pensionInsurance: { type: 'TYEL' },
      accidentInsurance: { percent: 0.7 },
      pensionVoluntarilyPaid: false,
    },
    internationalSituationsConfiguration: { notSubjectToWithholding: false, nonResidentTaxPayer: false },
  });
  employeeIds[i] = employee.employeeId;
  if (i % 10 !== 9)
    await call('POST', `/payrolls/employees/${employee.employeeId}/salaryinfo/taxcards`, {
      type: 'A',
      revised: false,
      validFrom: '2026-02-01',
      basePercent: 15 + (i % 20),
      additionalPercent: 40,
      annualIncomeLimit: 40000,
    });
  const rows: object[] = [{ salaryTypeCode: 1000, quantity: 1, unitValue: 3000 + (i % 50) * 37.5 }];
  if (i % 3 === 0) rows.push({ salaryTypeCode: 3010, quantity: 1, unitValue: 780 });
  if (i % 5 === 0) rows.push({ salaryTypeCode: 6060, quantity: 1, unitValue: 42.5 });
  await call('PUT', `/payrolls/employees/${employee.employeeId}/salarybase`, { rows });
});
console.log(
  `set up ${EMPLOYEES} employees (person, salary info, tax card, salary base) in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`,
);

const listBody = (name: string, ids: number[]) => ({
  name,
  paymentPeriodStart: '2026-06-01',
  paymentPeriodEnd: '2026-06-30',
  accountingDate: '2026-06-30',
  dueDate: '2026-06-30',
  payday: '2026-06-30',
  employeesDataForSalarySlip: ids.map((employeeId) => ({ employeeId })),
});
const t0 = performance.now();
const list = await call<{ id: number; salarySlips: { id: number }[] }>(
  'POST',
  '/payrolls/salarylists',
  listBody('June 2026', employeeIds),
);
const t1 = performance.now();
await call('PUT', `/payrolls/salarylists/${list.id}/approve`);
const t2 = performance.now();

// the real interface's way: one request per slip (a second list of the first SINGLE employees)
const extra =
  SINGLE > 0
    ? await call<{ salarySlips: { id: number }[] }>(
        'POST',
        '/payrolls/salarylists',
        listBody('June 2026, extra', employeeIds.slice(0, SINGLE)),
      )
    : { salarySlips: [] };
const times: number[] = [];
const t3 = performance.now();
await inParallel(extra.salarySlips.length, CONCURRENCY, async (i) => {
  const started = performance.now();
  await call('PUT', `/payrolls/salaryslips/${extra.salarySlips[i].id}/approve`);
  times.push(performance.now() - started);
});
const t4 = performance.now();

const sorted = [...times].sort((a, b) => a - b);
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1);
const engine = bench.postgres ? 'PostgreSQL' : 'SQLite';
const ms = (a: number, b: number) => (b - a).toFixed(0).padStart(6);
console.log(`engine ${engine}, a salary list of ${list.salarySlips.length} slips`);
console.log(`create and calculate the list (POST /payrolls/salarylists)     ${ms(t0, t1)} ms`);
console.log(`approve the list, posting every slip (PUT …/salarylists/{id}/approve) ${ms(t1, t2)} ms`);
console.log(`created, calculated and approved                              ${ms(t0, t2)} ms  (target < 2000 ms)`);
if (times.length > 0)
  console.log(
    `${times.length} slips approved one request each (${CONCURRENCY} at a time)   ${ms(t3, t4)} ms  (p50 ${at(0.5)} ms, p99 ${at(0.99)} ms)`,
  );

await app.close();
await database.close();
await bench.remove();
