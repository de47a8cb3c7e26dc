// Holiday accrual benchmark: the holidays of 1,000 employees over a full credit year (1.4.2025–31.3.2026), from
// their contracts' months of work, in three kinds (monthly-paid, hourly under the 14-day rule, part-time hourly
// under the 35-hour rule), with the time of the whole run and per employee.
//   node bench/holidays.ts            Options: BENCH_EMPLOYEES (default 1000), BENCH_ROUNDS (default 5).
import { performance } from 'node:perf_hooks';
import { Decimal } from '../src/domain/decimal.ts';
import { contractMonths, fullMonthRuleOf, holidayAccrual, type WorkContract } from '../src/domain/payroll/holidays.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const AS_OF = '2026-03-31';

function contractOf(n: number): WorkContract {
  const start = `2025-${String(4 + (n % 9)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
  const kind = n % 3;
  const hoursPerWeek = new Decimal(kind === 2 ? 16 : 37.5);
  return {
    employmentStart: n % 2 === 0 ? '2020-01-01' : start,
    employmentEnd: n % 10 === 0 ? '2026-02-15' : null,
    daysPerWeek: Decimal.min(5, hoursPerWeek.dividedBy('7.5')),
    hoursPerWeek,
    pay: kind === 0 ? { monthly: new Decimal(2500 + (n % 2000)) } : { hourly: new Decimal(14 + (n % 10)) },
  };
}

function run(): { days: number; pay: Decimal } {
  let days = 0;
  let pay = new Decimal(0);
  for (let n = 0; n < EMPLOYEES; n++) {
    const contract = contractOf(n);
    const rule = fullMonthRuleOf(contract.daysPerWeek);
    const monthly = 'monthly' in contract.pay ? contract.pay.monthly : null;
    const accrual = holidayAccrual({
      employmentStart: contract.employmentStart,
      employmentEnd: contract.employmentEnd,
      asOf: AS_OF,
      rule,
      method: rule === 'HOURS_35' ? 'PERCENTAGE' : monthly ? 'MONTHLY' : 'AVERAGE_DAILY',
      monthlySalary: monthly,
      // the credit year only: months before it are earlier credit years
      months: contractMonths(
        {
          ...contract,
          employmentStart: contract.employmentStart < '2025-04-01' ? '2025-04-01' : contract.employmentStart,
        },
        AS_OF,
      ),
      used: [],
      holidayBonusPercent: new Decimal(50),
      additionalLeaveDays: 0,
    });
    days += accrual.remainingDays;
    pay = pay.plus(accrual.remainingPay);
  }
  return { days, pay };
}

run(); // warm-up
const times: number[] = [];
let totals = run();
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  totals = run();
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `holiday accrual of ${EMPLOYEES} employees over a credit year: median ${median.toFixed(1)} ms ` +
    `(${((median * 1000) / EMPLOYEES).toFixed(1)} µs per employee; best ${times[0].toFixed(1)} ms of ${ROUNDS}); ` +
    `${totals.days} days, ${totals.pay.toFixed(2)} EUR of holiday pay left`,
);
