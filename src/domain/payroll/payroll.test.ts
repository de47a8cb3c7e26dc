// The payroll calculation against hand-worked cases (domain-facts §1, the worked example of §2.3), and its
// invariants as properties.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../decimal.ts';
import { ageOn, insuranceAge, pensionUpperAge } from './ages.ts';
import { carBenefitMonthlyValue } from './car-benefit.ts';
import { parseIdentityCode } from './identity-code.ts';
import { calculateAndPostSlip } from './postings.ts';
import { NoPayrollRatesError, PAYROLL_RATES, ratesFor } from './rates.ts';
import type { SalaryTypeTerms, SlipInput, SlipRow } from './slip.ts';
import { withholdingFor, NOTHING_YET, type TaxCardTerms } from './withholding.ts';

const d = (value: string | number) => new Decimal(value);
const fixed = (value: Decimal) => value.toFixed(2);

const earning = (code: number, account: string, more: Partial<SalaryTypeTerms> = {}): SalaryTypeTerms => ({
  code,
  category: 'SALARY_FOR_TIME_WORKED',
  affectsWithholding: true,
  withheldAtBasePercent: false,
  calculated: false,
  affectsPensionInsurance: true,
  affectsUnemploymentInsurance: true,
  affectsHealthInsurance: true,
  affectsAccidentAndGroupLifeInsurance: true,
  account,
  contraAccount: null,
  ...more,
});
const MONTHLY = earning(1000, '5010');
const HOLIDAY_BONUS = earning(1520, '5320', { withheldAtBasePercent: true });
const CAR_BENEFIT = earning(3010, '5420', { category: 'FRINGE_BENEFITS', contraAccount: '5990' });
const MEAL_BENEFIT = earning(3020, '5410', { category: 'FRINGE_BENEFITS', contraAccount: '5990' });
const KILOMETRES = earning(4010, '7140', {
  category: 'TAX_FREE_ITEMS',
  affectsWithholding: false,
  affectsPensionInsurance: false,
  affectsUnemploymentInsurance: false,
  affectsHealthInsurance: false,
  affectsAccidentAndGroupLifeInsurance: false,
});
const DISTRAINT = { ...KILOMETRES, code: 6050, category: 'DEDUCTIONS_FROM_NET_PAY' as const, account: '2933' };

const row = (salaryType: SalaryTypeTerms, unitValue: string, quantity = '1', paymentPercent = '100'): SlipRow => ({
  salaryType,
  quantity: d(quantity),
  unitValue: d(unitValue),
  paymentPercent: d(paymentPercent),
});

const card = (more: Partial<TaxCardTerms> = {}): TaxCardTerms => ({
  type: 'A',
  basePercent: d(20),
  additionalPercent: d(40),
  annualIncomeLimit: d(48000),
  method: 'PER_PERIOD',
  ...more,
});

const MONTH = { unit: 'MONTH', count: 1 } as const;

function slip(more: Partial<SlipInput> & { rows: readonly SlipRow[] }): SlipInput {
  const payday = more.payday ?? '2026-03-31';
  return {
    rates: ratesFor(payday),
    payday,
    birthDate: '1986-01-15',
    period: MONTH,
    taxCard: card(),
    employer: {
      accidentPercent: d(0),
      groupLifePercent: d(0),
      wageSumBefore: d(0),
      unemploymentDue: true,
    },
    ...more,
  };
}

describe('the personal identity code', () => {
  it('gives the birth date of every century sign and checks the control character', () => {
    expect(parseIdentityCode('131052-308T')).toEqual({ birthDate: '1952-10-13', temporary: false });
    expect(parseIdentityCode('010594Y9032')?.birthDate).toBe('1994-05-01');
    expect(parseIdentityCode('010594-9032')?.birthDate).toBe('1994-05-01');
    expect(parseIdentityCode('150162U345L')?.birthDate).toBe('1962-01-15');
    expect(parseIdentityCode('150610A1232')?.birthDate).toBe('2010-06-15');
    expect(parseIdentityCode('101109E2346')?.birthDate).toBe('2009-11-10');
    expect(parseIdentityCode('290200B002C')?.birthDate).toBe('2000-02-29');
    expect(parseIdentityCode('010100+4565')?.birthDate).toBe('1800-01-01');
    expect(parseIdentityCode('010594Y9032')?.temporary).toBe(true);
  });
  it('refuses wrong control characters, impossible dates, unknown signs and individual numbers 000–001', () => {
    expect(parseIdentityCode('131052-308U')).toBeNull();
    expect(parseIdentityCode('290201B002C')).toBeNull();
    expect(parseIdentityCode('131052G308T')).toBeNull();
    expect(parseIdentityCode('131052Z308T')).toBeNull();
    expect(parseIdentityCode('131052-001T')).toBeNull();
    expect(parseIdentityCode('131052-308t')).toBeNull();
    expect(parseIdentityCode('')).toBeNull();
  });
  it('round-trips generated codes', () => {
    const signs = ['+', '-', 'U', 'V', 'W', 'X', 'Y', 'A', 'B', 'C', 'D', 'E', 'F'];
    const alphabet = '0123456789ABCDEFHJKLMNPRSTUVWXY';
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1800-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.integer({ min: 2, max: 999 }),
        fc.constantFrom(...signs),
        (date, individual, sign) => {
          const iso = date.toISOString().slice(0, 10);
          const century = Number(iso.slice(0, 2)) * 100;
          const fits = sign === '+' ? century === 1800 : 'ABCDEF'.includes(sign) ? century === 2000 : century === 1900;
          fc.pre(fits);
          const dd = iso.slice(8, 10) + iso.slice(5, 7) + iso.slice(2, 4);
          const nnn = String(individual).padStart(3, '0');
          const code = `${dd}${sign}${nnn}${alphabet[Number(dd + nnn) % 31]}`;
          expect(parseIdentityCode(code)?.birthDate).toBe(iso);
        },
      ),
    );
  });
});

describe('ages', () => {
  it('counts completed years, and for a pay month the age at the end of the month before', () => {
    expect(ageOn('1986-01-15', '2026-01-14')).toBe(39);
    expect(ageOn('1986-01-15', '2026-01-15')).toBe(40);
    expect(insuranceAge('2009-11-10', '2026-11-30')).toBe(16);
    expect(insuranceAge('2009-11-10', '2026-12-01')).toBe(17);
    expect(insuranceAge('2009-11-01', '2026-11-30')).toBe(16);
    expect([pensionUpperAge('1957-12-31'), pensionUpperAge('1958-01-01'), pensionUpperAge('1962-01-01')]).toEqual([
      68, 69, 70,
    ]);
  });
});

describe('the worked 2026 example (domain-facts §2.3)', () => {
  it('€4,000 salary and an €800 car benefit at 22 %: the figures and both postings', () => {
    const { calculation: c, postings } = calculateAndPostSlip(
      slip({
        taxCard: card({ basePercent: d(22), additionalPercent: d(40), annualIncomeLimit: d(100000) }),
        rows: [row(MONTHLY, '4000'), row(CAR_BENEFIT, '800')],
      }),
    );
    expect(fixed(c.taxablePay)).toBe('4800.00');
    expect(fixed(c.withholding.amount)).toBe('1056.00');
    expect(fixed(c.employeePension)).toBe('350.40');
    expect(fixed(c.employeeUnemployment)).toBe('42.72');
    expect(fixed(c.netPay)).toBe('2550.88');
    expect(postings.salary.map((l) => [l.account, l.amountMinor])).toEqual([
      ['5010', 400000n],
      ['5420', 80000n],
      ['5990', -80000n],
      ['2921', -105600n],
      ['2931', -35040n],
      ['2935', -4272n],
      ['2940', -255088n],
    ]);
    expect(postings.employerContributions.map((l) => [l.account, l.amountMinor])).toEqual([
      ['6130', 82080n],
      ['2931', -82080n],
      ['6300', 9168n],
      ['2923', -9168n],
      ['6410', 1488n],
      ['2935', -1488n],
    ]);
  });
});

describe('withholding', () => {
  const under = (salary: string, more: Partial<SlipInput> = {}) =>
    calculateAndPostSlip(slip({ rows: [row(MONTHLY, salary)], ...more })).calculation;

  it('a monthly salary under the period limit is withheld at the base %', () => {
    const c = under('3500');
    expect(fixed(c.withholding.amount)).toBe('700.00');
    expect(fixed(c.employeePension)).toBe('255.50');
    expect(fixed(c.employeeUnemployment)).toBe('31.15');
    expect(fixed(c.netPay)).toBe('2513.35');
  });
  it('a monthly salary over the period limit: the part above it at the additional %', () => {
    const c = under('5000');
    expect(fixed(c.withholding.amount)).toBe('1200.00'); // 4 000 × 20 % + 1 000 × 40 %
    expect(fixed(c.netPay)).toBe('3390.50'); // 5 000 − 1 200 − 365.00 − 44.50
  });
  it('one annual limit: base % on the limit left, the additional % after it; limitUsed grows', () => {
    const c = under('5000', {
      taxCard: card({ type: 'ONE_INCOME_LIMIT', annualIncomeLimit: d(30000) }),
      yearToDate: { ...NOTHING_YET, limitUsed: d(28000) },
    });
    expect(fixed(c.withholding.amount)).toBe('1600.00'); // 2 000 × 20 % + 3 000 × 40 %
    expect(fixed(c.withholding.limitUsedAfter)).toBe('33000.00');
  });
  it('cumulatively through the year: the limit accrues by period, earlier withholding counts', () => {
    const c = under('6000', {
      taxCard: card({ method: 'CUMULATIVE' }),
      yearToDate: { limitUsed: d(8000), pay: d(8000), withholding: d(1600), periodsBefore: 2 },
    });
    // to date 14 000 against 12 000: 2 400 + 800 = 3 200, of which 1 600 already withheld
    expect(fixed(c.withholding.amount)).toBe('1600.00');
  });
  it('without a tax card 60 %', () => {
    const c = under('3000', { taxCard: null });
    expect(c.withholding.kind).toBe('NO_CARD');
    expect(fixed(c.withholding.amount)).toBe('1800.00');
  });
  it('tax at source: 35 % after €510 a month or €17 a day, posted to 2922', () => {
    const atSource = card({
      type: 'TAX_AT_SOURCE',
      basePercent: d(0),
      additionalPercent: d(0),
      annualIncomeLimit: d(0),
    });
    const month = calculateAndPostSlip(slip({ taxCard: atSource, rows: [row(MONTHLY, '2000')] }));
    expect(fixed(month.calculation.withholding.amount)).toBe('521.50');
    expect(month.postings.salary.find((l) => l.account === '2922')?.amountMinor).toBe(-52150n);
    const days = withholdingFor({
      rates: PAYROLL_RATES[2026],
      card: atSource,
      period: { unit: 'DAY', count: 10 },
      pay: d(1000),
      payAtBasePercent: d(0),
      yearToDate: NOTHING_YET,
    });
    expect(fixed(days.amount)).toBe('290.50'); // (1 000 − 170) × 35 %
  });
  it('the holiday bonus at the base % even when the period limit is used up', () => {
    const c = calculateAndPostSlip(slip({ rows: [row(MONTHLY, '4000'), row(HOLIDAY_BONUS, '1000')] })).calculation;
    expect(fixed(c.withholding.amount)).toBe('1000.00'); // 4 000 × 20 % + 1 000 × 20 %
  });
});

describe('ages and the insurances', () => {
  const ofAge = (birthDate: string, payday = '2026-06-30') =>
    calculateAndPostSlip(slip({ birthDate, payday, rows: [row(MONTHLY, '2000')] })).calculation;

  it('under 17: no TyEL nor unemployment insurance; employer health insurance from 16', () => {
    const c = ofAge('2010-01-15');
    expect([c.employeePension, c.employeeUnemployment, c.employer.pension].map(fixed)).toEqual([
      '0.00',
      '0.00',
      '0.00',
    ]);
    expect(fixed(c.employer.healthInsurance)).toBe('38.20');
  });
  it('TyEL starts the month after the 17th birthday', () => {
    expect(fixed(ofAge('2009-11-10', '2026-11-30').employeePension)).toBe('0.00');
    expect(fixed(ofAge('2009-11-10', '2026-12-31').employeePension)).toBe('146.00');
  });
  it('over 68 (born 1956): no TyEL, unemployment or health insurance', () => {
    const c = ofAge('1956-03-01');
    expect(
      [c.employeePension, c.employeeUnemployment, c.employer.pension, c.employer.healthInsurance].map(fixed),
    ).toEqual(['0.00', '0.00', '0.00', '0.00']);
    expect(fixed(c.netPay)).toBe('1600.00');
  });
  it('TyEL runs to the end of the month of the upper age (68 for those born in 1957)', () => {
    expect(fixed(ofAge('1957-04-20', '2025-04-30').employeePension)).toBe('143.00'); // 7.15 % in 2025
    expect(fixed(ofAge('1957-04-20', '2025-05-31').employeePension)).toBe('0.00');
  });
  it('unemployment insurance: a 64-year-old pays it, a 66-year-old does not (TyEL still)', () => {
    const at64 = ofAge('1962-01-15');
    expect(fixed(at64.employeeUnemployment)).toBe('17.80');
    expect(fixed(at64.employer.unemployment)).toBe('6.20');
    const at66 = ofAge('1960-01-15');
    expect([at66.employeeUnemployment, at66.employer.unemployment].map(fixed)).toEqual(['0.00', '0.00']);
    expect(fixed(at66.employeePension)).toBe('146.00');
  });
  it('2025: employee TyEL by age band (8.65 % at 53–62), unemployment 0.59 %', () => {
    const c = ofAge('1970-01-15', '2025-06-30');
    expect(fixed(c.employeePension)).toBe('173.00');
    expect(fixed(c.employeeUnemployment)).toBe('11.80');
  });
});

describe('employer contributions', () => {
  it('unemployment: the low rate up to the wage sum limit, the high rate above it', () => {
    const c = calculateAndPostSlip(
      slip({
        rows: [row(MONTHLY, '4800')],
        employer: {
          accidentPercent: d('0.7'),
          groupLifePercent: d('0.06'),
          wageSumBefore: d(2509000),
          unemploymentDue: true,
        },
      }),
    ).calculation;
    expect(fixed(c.employer.unemployment)).toBe('32.51'); // 500 × 0.31 % + 4 300 × 0.72 %
    expect(fixed(c.employer.accident)).toBe('33.60');
    expect(fixed(c.employer.groupLife)).toBe('2.88');
  });
  it('a company rate of TyEL replaces the average; no employer unemployment share on a small payroll', () => {
    const c = calculateAndPostSlip(
      slip({
        rows: [row(MONTHLY, '1000')],
        employer: {
          pensionPercent: d('24.85'),
          accidentPercent: d(0),
          groupLifePercent: d(0),
          wageSumBefore: d(0),
          unemploymentDue: false,
        },
      }),
    ).calculation;
    expect(fixed(c.employer.pension)).toBe('248.50');
    expect(fixed(c.employer.unemployment)).toBe('0.00');
    expect(fixed(c.employeeUnemployment)).toBe('8.90');
  });
});

describe('fringe benefits and other rows', () => {
  it('car benefit by the 2026 rules', () => {
    const rules = PAYROLL_RATES[2026].carBenefit!;
    const base = {
      kind: 'FULL' as const,
      yearTakenIntoUse: 2025,
      firstRegistrationYear: 2025,
      listPrice: d(50000),
      accessoriesPrice: d(2000),
      power: 'OTHER' as const,
      workplaceCharging: false,
    };
    expect(fixed(carBenefitMonthlyValue(rules, base))).toBe('996.00'); // 47 400 × 1.5 % + 285
    expect(fixed(carBenefitMonthlyValue(rules, { ...base, power: 'ELECTRIC', workplaceCharging: true }))).toBe(
      '736.00',
    );
    expect(fixed(carBenefitMonthlyValue(rules, { ...base, kind: 'LIMITED', power: 'ELECTRIC' }))).toBe('646.00');
    expect(fixed(carBenefitMonthlyValue(rules, { ...base, power: 'PLUG_IN_HYBRID' }))).toBe('936.00');
    expect(fixed(carBenefitMonthlyValue(rules, { ...base, yearTakenIntoUse: 2022 }))).toBe('868.80');
    expect(fixed(carBenefitMonthlyValue(rules, { ...base, yearTakenIntoUse: 2019, kind: 'LIMITED' }))).toBe('561.60');
  });
  it('a car and a meal benefit are taxed and insured but not paid; tax-free items paid, deductions from net pay', () => {
    const { calculation: c, postings } = calculateAndPostSlip(
      slip({
        rows: [
          row(MONTHLY, '3000'),
          row(CAR_BENEFIT, '996'),
          row(MEAL_BENEFIT, '8.00', '20'),
          row(KILOMETRES, '0.55', '100'),
          row(DISTRAINT, '150'),
        ],
      }),
    );
    expect(fixed(c.taxablePay)).toBe('4156.00');
    expect(fixed(c.paidEarnings)).toBe('3055.00');
    expect(fixed(c.withholding.amount)).toBe('862.40'); // 4 000 × 20 % + 156 × 40 %
    expect(fixed(c.employeePension)).toBe('303.39');
    expect(fixed(c.netPay)).toBe(fixed(d('3055').minus('862.40').minus('303.39').minus('36.99').minus('150')));
    expect(postings.salary.find((l) => l.account === '2933')?.amountMinor).toBe(-15000n);
  });
  it('overtime at a payment percent', () => {
    const c = calculateAndPostSlip(slip({ rows: [row(earning(1100, '5020'), '20.33', '7.5', '150')] })).calculation;
    expect(fixed(c.rowAmounts[0])).toBe('228.71'); // 228.7125 rounded half up
  });
  it('a payday without a rate table is refused', () => {
    expect(() => ratesFor('2031-01-31')).toThrow(NoPayrollRatesError);
  });
});

describe('invariants', () => {
  const money = fc.integer({ min: 0, max: 2_000_000 }).map((c) => d(c).dividedBy(100));
  const types = [MONTHLY, HOLIDAY_BONUS, CAR_BENEFIT, MEAL_BENEFIT, KILOMETRES, DISTRAINT];
  const cards: (TaxCardTerms | null)[] = [
    null,
    card(),
    card({ method: 'CUMULATIVE' }),
    card({ type: 'ONE_INCOME_LIMIT' }),
    card({ type: 'TAX_AT_SOURCE', basePercent: d(0) }),
  ];
  const input = fc.record({
    rows: fc.array(
      fc.record({
        type: fc.constantFrom(...types),
        unitValue: money,
        quantity: fc.integer({ min: 0, max: 300 }),
        percent: fc.constantFrom(50, 100, 150, 200),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    card: fc.constantFrom(...cards),
    birthDate: fc.constantFrom(null, '2010-06-15', '1986-01-15', '1962-01-15', '1956-03-01'),
    payday: fc.constantFrom('2025-06-30', '2026-01-31', '2026-12-31'),
    wageSumBefore: money.map((m) => m.times(300)),
  });

  it('net pay is paid earnings less the deductions; both postings balance; every figure in whole cents', () => {
    fc.assert(
      fc.property(input, (generated) => {
        const slipInput = slip({
          payday: generated.payday,
          birthDate: generated.birthDate,
          taxCard: generated.card,
          rows: generated.rows.map((r) => row(r.type, r.unitValue.toFixed(), String(r.quantity), String(r.percent))),
          employer: {
            accidentPercent: d('0.7'),
            groupLifePercent: d('0.06'),
            wageSumBefore: generated.wageSumBefore,
            unemploymentDue: true,
          },
        });
        const { calculation: c, postings } = calculateAndPostSlip(slipInput);
        const deductions = c.withholding.amount
          .plus(c.employeePension)
          .plus(c.employeeUnemployment)
          .plus(c.netPayDeductions);
        expect(c.netPay.equals(c.paidEarnings.minus(deductions))).toBe(true);
        expect(postings.salary.reduce((s, l) => s + l.amountMinor, 0n)).toBe(0n);
        expect(postings.employerContributions.reduce((s, l) => s + l.amountMinor, 0n)).toBe(0n);
        for (const figure of [
          c.withholding.amount,
          c.employeePension,
          c.employeeUnemployment,
          ...Object.values(c.employer),
        ])
          expect(figure.decimalPlaces()).toBeLessThanOrEqual(2);
        expect(c.withholding.amount.isNegative()).toBe(false);
      }),
    );
  });
});

describe("the employee's own insurance percentages and dimension splits", () => {
  it('unemployment and health insurance percentages of the slip replace the year rates', () => {
    const { calculation: c } = calculateAndPostSlip(
      slip({
        rows: [row(MONTHLY, '3000')],
        employer: {
          accidentPercent: d('0.5'),
          groupLifePercent: d('0.06'),
          wageSumBefore: d(0),
          unemploymentDue: true,
          unemploymentPercent: d('0.72'),
          healthPercent: d('2'),
          pensionPercent: d('20'),
        },
      }),
    );
    // 3000 × 0.72 % = 21.60, × 2 % = 60.00, × 20 % = 600.00, × 0.5 % = 15.00, × 0.06 % = 1.80
    expect([c.employer.unemployment, c.employer.healthInsurance, c.employer.pension].map(fixed)).toEqual([
      '21.60',
      '60.00',
      '600.00',
    ]);
    expect([c.employer.accident, c.employer.groupLife].map(fixed)).toEqual(['15.00', '1.80']);
  });

  it("splits an earning's line over dimension items, the last item of a dimension taking the cents left", () => {
    const split = {
      ...row(MONTHLY, '1000.01'),
      dimensions: [
        { dimensionId: 1, itemId: 11, share: d(1).dividedBy(3) },
        { dimensionId: 1, itemId: 12, share: d(1).dividedBy(3) },
        { dimensionId: 1, itemId: 13, share: d(1).dividedBy(3) },
        { dimensionId: 2, itemId: 21, share: d(1) },
      ],
    };
    const { postings } = calculateAndPostSlip(slip({ rows: [split] }));
    expect(postings.salary[0]).toMatchObject({
      account: '5010',
      amountMinor: 100001n,
      dimensions: [
        { dimensionId: 1, itemId: 11, amountMinor: 33334n },
        { dimensionId: 1, itemId: 12, amountMinor: 33334n },
        { dimensionId: 1, itemId: 13, amountMinor: 33333n },
        { dimensionId: 2, itemId: 21, amountMinor: 100001n },
      ],
    });
  });
});
