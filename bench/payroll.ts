// Payroll benchmark, over HTTP against a fresh database, in one run: BENCH_EMPLOYEES employees (default 1 000)
// made through the documented flow (a person, the salary info, a tax card for nine in ten: nothing else, the
// salary base follows the salary info), and as a baseline as many again whose salary bases are also saved by
// hand (the same salary, a car benefit for every third, a union fee for every fifth), are set up untimed; then,
// for each group, timed:
//   1. POST /payrolls/salarylists with all of them: the list and a calculated slip per employee;
//   2. PUT /payrolls/salarylists/{id}/approve: every slip recalculated and posted, in one transaction;
//   3. the payday's Incomes Register message written (`tase admin payroll incomes-register`'s work), and
//      4. validated against the register's XSD (xmllint compiled to WebAssembly);
// and a third list of BENCH_SINGLE_APPROVALS employees (default 200) approved one PUT
// /payrolls/salaryslips/{id}/approve each, BENCH_CONCURRENCY at a time (default 4).
// Prints the figures of the flow beside the baseline's, and the p50/p99 of one approval request.
//   node bench/payroll.ts                          (embedded SQLite, a file in a temporary directory)
//   DATABASE_URL=postgres://… node bench/payroll.ts (a new database on that server, dropped afterwards)
import { ManualClock } from '../src/platform/clock.ts';
import { openDatabase } from '../src/db/index.ts';
import { globalTables } from '../src/modules.ts';
import { benchDatabase } from './database.ts';
import { benchService } from './service.ts';
import { incomesRegisterBatches } from '../src/payroll/index.ts';
import { incomesRegisterErrors } from '../test/support/incomes-register-xsd.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** Slips approved one request each (the real interface's way) after the list is approved as a whole. */
const SINGLE = Number(process.env.BENCH_SINGLE_APPROVALS ?? 200);

const bench = await benchDatabase('payroll');
const clock = new ManualClock('2026-06-30T12:00:00Z');
const database = openDatabase({ url: bench.url, globalTables: globalTables() });
const { app, demo, root, headers } = await benchService(bench.url, clock, database);

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

/**
 * Employees made through the documented flow: a person, the salary info (its base salary becomes the salary
 * base's base-salary row) and a tax card for nine in ten. With `handBase` the base is also saved by hand with the
 * same salary, a car benefit for every third and a union fee for every fifth: the baseline, as payroll had to be
 * set up before the base followed the salary info.
 */
async function hire(count: number, offset: number, handBase: boolean): Promise<number[]> {
  const ids: number[] = new Array<number>(count);
  await inParallel(count, 8, async (k) => {
    const i = offset + k;
    const salary = 3000 + (i % 50) * 37.5;
    const person = await call<{ id: number }>('POST', '/businesspartners', {
      name: `Työntekijä ${i}`,
      type: 'PERSON',
      invoicingInfo: { identifier: identityCode(i), identifierType: 'HETU' },
    });
    const employee = await call<{ employeeId: number }>('POST', '/payrolls/employees/salaryinfo', {
      personId: person.id,
      incomeConfiguration: {
        baseSalaryValue: salary,
        baseSalaryType: 'ONE_MONTH',
        baseSalaryHours: 160,
        travelExpensesSpecialHandling: 'NONE',
        salaryChannel: 'EMAIL',
        excludedFromAutomatedWithholdingPercentageRequest: false,
      },
      insurancesConfiguration: {
        pensionInsurance: {
          type: 'TYEL',
          pensionProviderCode: 54,
          pensionPolicyNumber: `54-${String(i).padStart(7, '0')}A`,
        },
        accidentInsurance: { percent: 0.7 },
        pensionVoluntarilyPaid: false,
      },
      internationalSituationsConfiguration: { notSubjectToWithholding: false, nonResidentTaxPayer: false },
    });
    ids[k] = employee.employeeId;
    if (i % 10 !== 9)
      await call('POST', `/payrolls/employees/${employee.employeeId}/salaryinfo/taxcards`, {
        type: 'A',
        revised: false,
        validFrom: '2026-02-01',
        basePercent: 15 + (i % 20),
        additionalPercent: 40,
        annualIncomeLimit: 40000,
      });
    if (!handBase) return;
    const rows: object[] = [{ salaryTypeCode: 1000, quantity: 1, unitValue: salary, baseSalaryRow: true }];
    if (i % 3 === 0)
      rows.push({
        salaryTypeCode: 3010,
        quantity: 1,
        unitValue: 780,
        carBenefitDetails: { carAgeGroup: 'B', benefitLimited: true },
      });
    if (i % 5 === 0) rows.push({ salaryTypeCode: 6060, quantity: 1, unitValue: 42.5 });
    await call('PUT', `/payrolls/employees/${employee.employeeId}/salarybase`, { rows });
  });
  return ids;
}

await call('PUT', '/payrolls/salariesbasicinfo/incomesregistercontact', {
  name: 'Palkanlaskija Paula',
  telephone: '+358 40 123 4567',
});
const setupStart = performance.now();
const employeeIds = await hire(EMPLOYEES, 0, false);
const baselineIds = await hire(EMPLOYEES, EMPLOYEES, true);
console.log(
  `set up 2 × ${EMPLOYEES} employees (person, salary info, tax card; the baseline's base also by hand) in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`,
);

const listBody = (name: string, payday: string, ids: number[]) => ({
  name,
  paymentPeriodStart: '2026-06-01',
  paymentPeriodEnd: '2026-06-30',
  accountingDate: '2026-06-30',
  dueDate: payday,
  payday,
  employeesDataForSalarySlip: ids.map((employeeId) => ({ employeeId })),
});

interface Run {
  slips: number;
  create: number;
  approve: number;
  message: number;
  validate: number;
  bytes: number;
}

/** A list of the employees made, calculated and approved; its payday's register message written and validated. */
async function payrollRun(name: string, payday: string, ids: number[]): Promise<Run> {
  const t0 = performance.now();
  const list = await call<{ id: number; salarySlips: { id: number }[] }>(
    'POST',
    '/payrolls/salarylists',
    listBody(name, payday, ids),
  );
  const t1 = performance.now();
  await call('PUT', `/payrolls/salarylists/${list.id}/approve`);
  const t2 = performance.now();
  const [batch] = await incomesRegisterBatches(app.ctx, payday, companyId);
  const t3 = performance.now();
  if (batch.reported.length !== ids.length) throw new Error(`${batch.reported.length} of ${ids.length} reported`);
  const errors = await incomesRegisterErrors(batch.xml!);
  const t4 = performance.now();
  if (errors.length > 0) throw new Error(`the message of ${payday} is invalid: ${errors.slice(0, 3).join('; ')}`);
  return {
    slips: list.salarySlips.length,
    create: t1 - t0,
    approve: t2 - t1,
    message: t3 - t2,
    validate: t4 - t3,
    bytes: Buffer.byteLength(batch.xml!),
  };
}

const companyId = demo.companyId;
const flow = await payrollRun('June 2026', '2026-06-30', employeeIds);
const baseline = await payrollRun('June 2026, bases by hand', '2026-06-29', baselineIds);

// the real interface's way: one request per slip (a second list of the first SINGLE employees)
const extra =
  SINGLE > 0
    ? await call<{ salarySlips: { id: number }[] }>(
        'POST',
        '/payrolls/salarylists',
        listBody('June 2026, extra', '2026-06-30', employeeIds.slice(0, SINGLE)),
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
const ms = (n: number) => n.toFixed(0).padStart(8);
console.log(`engine ${engine}, lists of ${flow.slips} slips: salary info only | baseline (bases saved by hand)`);
console.log(
  `create and calculate the list (POST /payrolls/salarylists)  ${ms(flow.create)} ms | ${ms(baseline.create)} ms`,
);
console.log(
  `approve the list, posting every slip (PUT …/approve)         ${ms(flow.approve)} ms | ${ms(baseline.approve)} ms`,
);
console.log(
  `created, calculated and approved                            ${ms(flow.create + flow.approve)} ms | ${ms(baseline.create + baseline.approve)} ms  (target < 2000 ms)`,
);
console.log(
  `the Incomes Register message written                        ${ms(flow.message)} ms | ${ms(baseline.message)} ms  (target < 1000 ms; ${(flow.bytes / 1e6).toFixed(1)} MB | ${(baseline.bytes / 1e6).toFixed(1)} MB)`,
);
console.log(
  `the message validated against the register's XSD           ${ms(flow.validate)} ms | ${ms(baseline.validate)} ms`,
);
if (times.length > 0)
  console.log(
    `${times.length} slips approved one request each (${CONCURRENCY} at a time)   ${ms(t4 - t3)} ms  (p50 ${at(0.5)} ms, p99 ${at(0.99)} ms)`,
  );

await app.close();
await database.close();
await bench.remove();
