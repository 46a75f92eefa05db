import { type ComplaintInput, complaintViolations, hasAcceptedAttachmentExtension } from './index';

const TODAY = '2026-11-23';
const valid: ComplaintInput = {
  type: 'damaged_shipment',
  complainant: 'sender',
  damageType: 'damaged_content',
  fullName: 'Anna Bērziņa',
  email: 'anna@example.lv',
  description: 'The vase arrived broken.',
  refundIban: 'LV80 BANK 0000 4351 9500 1',
  shipmentValue: '25,50',
  discoveredOn: '20.11.2026',
};
const paths = (input: ComplaintInput) => complaintViolations(input, TODAY).map((v) => v.propertyPath);

describe('complaint rules (SPEC §5)', () => {
  it('accepts a complete complaint', () => {
    expect(complaintViolations(valid, TODAY)).toEqual([]);
  });

  it.each(['complainant', 'damageType', 'description', 'refundIban', 'fullName', 'email', 'type'] as const)(
    'requires %s',
    (field) => {
      expect(paths({ ...valid, [field]: '' })).toContain(field);
    },
  );

  it('requires the company name and an 11-character registration number when a company complains', () => {
    expect(paths({ ...valid, isCompany: true })).toEqual(['companyName', 'registrationNumber']);
    expect(paths({ ...valid, isCompany: true, companyName: 'SIA Pūce', registrationNumber: '4000312345' })).toEqual([
      'registrationNumber',
    ]);
    expect(paths({ ...valid, isCompany: true, companyName: 'SIA Pūce', registrationNumber: '40003123456' })).toEqual(
      [],
    );
  });

  it('refuses a future, or invalid, discovery date and accepts today', () => {
    expect(complaintViolations({ ...valid, discoveredOn: '24.11.2026' }, TODAY)[0]?.code).toBe('complaint.future_date');
    expect(complaintViolations({ ...valid, discoveredOn: '31.02.2026' }, TODAY)[0]?.code).toBe('complaint.date');
    expect(paths({ ...valid, discoveredOn: '23.11.2026' })).toEqual([]);
  });

  it('refuses a shipment value that is not a number, an invalid IBAN and an unknown choice', () => {
    expect(paths({ ...valid, shipmentValue: 'a lot' })).toEqual(['shipmentValue']);
    expect(paths({ ...valid, refundIban: 'LV80 BANK 0000 4351 9500 2' })).toEqual(['refundIban']);
    expect(paths({ ...valid, damageType: 'scratched' })).toEqual(['damageType']);
  });

  it('refuses a 10,000-character description with the limit in the message', () => {
    const [found] = complaintViolations({ ...valid, description: 'x'.repeat(10_000) }, TODAY);
    expect(found).toMatchObject({ propertyPath: 'description', code: 'complaint.description_too_long' });
    expect(found?.message).toContain('2000');
  });

  it('accepts only the SPEC §5 attachment extensions', () => {
    expect(hasAcceptedAttachmentExtension('proof.PDF')).toBe(true);
    expect(hasAcceptedAttachmentExtension('contract.eDoc')).toBe(true);
    expect(hasAcceptedAttachmentExtension('setup.exe')).toBe(false);
    expect(hasAcceptedAttachmentExtension('pdf')).toBe(false);
  });
});
