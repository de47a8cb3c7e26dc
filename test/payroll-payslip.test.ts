// The payslip PDF is drawn from what the slip stored when it was calculated (ARCHITECTURE.md, "Growing an area",
// rule 4): each row's amount as the calculation made it, never worked out again; the stored amounts stay off the
// slip's answer, which carries the real interface's fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { identityCode, monthListBody, salaryInfoBody, TAX_CARD_2026 } from './support/payroll.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

async function payslipText(slipId: number): Promise<string> {
  const answer = await fetch(`${svc.base}/api/payrolls/salaryslips/${slipId}/pdf`, {
    headers: { authorization: `Bearer ${await svc.token()}` },
  });
  expect(answer.status).toBe(200);
  const document = await getDocument({ data: new Uint8Array(await answer.arrayBuffer()), useSystemFonts: false })
    .promise;
  const page = await document.getPage(1);
  return (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('the payslip PDF', () => {
  it('shows the row amounts the calculation stored, not amounts worked out again', { timeout: 60_000 }, async () => {
    const person = await svc.api('POST', '/businesspartners', {
      name: 'Palkkanauha Pekka',
      type: 'PERSON',
      invoicingInfo: { identifier: identityCode('120390', '345'), identifierType: 'HETU' },
    });
    expect(person.status, person.text).toBe(200);
    const info = await svc.api(
      'POST',
      '/payrolls/employees/salaryinfo',
      salaryInfoBody(person.body.id, { baseSalaryValue: 3000, baseSalaryType: 'ONE_MONTH' }),
    );
    expect(info.status, info.text).toBe(200);
    const employeeId = info.body.employeeId as number;
    const card = await svc.api('POST', `/payrolls/employees/${employeeId}/salaryinfo/taxcards`, TAX_CARD_2026);
    expect(card.status, card.text).toBe(200);
    const list = await svc.api('POST', '/payrolls/salarylists', {
      ...monthListBody('2026-03'),
      employeesDataForSalarySlip: [{ employeeId }],
    });
    expect(list.status, list.text).toBe(200);
    const slipId = list.body.salarySlips[0].id as number;
    const approved = await svc.api('PUT', `/payrolls/salaryslips/${slipId}/approve`);
    expect(approved.status, approved.text).toBe(200);

    // the answer is the real interface's slip: the stored amounts are not among its fields
    const slip = await svc.api('GET', `/payrolls/salaryslips/${slipId}`);
    expect(slip.text).not.toContain('rowAmounts');
    expect(await payslipText(slipId)).toContain('3 000,00 €');

    // the stored amount of the salary row is what the payslip shows
    const db = svc.app.ctx.db;
    const companyId = svc.demo.companyId;
    const stored = await db
      .selectFrom('salary_slips')
      .select('data')
      .where('company_id', '=', companyId)
      .where('id', '=', slipId)
      .executeTakeFirstOrThrow();
    const data = JSON.parse(stored.data) as { rows: { salaryTypeCode: number }[]; rowAmounts: string[] };
    expect(data.rowAmounts).toHaveLength(data.rows.length);
    const salaryRow = data.rows.findIndex((r) => r.salaryTypeCode === slip.body.rows[0].salaryTypeCode);
    expect(data.rowAmounts[salaryRow]).toBe('3000.00');
    data.rowAmounts[salaryRow] = '2999.99';
    await db
      .updateTable('salary_slips')
      .set({ data: JSON.stringify(data) })
      .where('company_id', '=', companyId)
      .where('id', '=', slipId)
      .execute();
    // the unit value is still 3,000.00; the amount is the stored one
    expect(await payslipText(slipId)).toContain('2 999,99 €');
  });
});
