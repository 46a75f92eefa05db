import { type ComplaintInput, complaintViolations, shipmentValueCents } from '@portal/shared-contracts/complaints';
import { and, desc, eq } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { complaints, orders, userAccounts, users } from '../../db/schema';
import { invalidInput, notFound } from '../../http/problem';
import type { IdentityService } from '../identity/service';
import type { Mailer } from '../notifications';
import { complaintReceipt } from './mail';

export type ComplaintRow = typeof complaints.$inferSelect;

/** Today's calendar date in Riga (YYYY-MM-DD): "not in the future" is the post's day, not the server's. */
export function rigaToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga' }).format(now);
}

export class ComplaintService {
  constructor(
    private readonly orm: Orm,
    private readonly identity: IdentityService,
    private readonly now: () => Date = () => new Date(),
    private readonly mail?: { mailer: Mailer; portalUrl: string; onError: (error: unknown) => void },
  ) {}

  private async userId(principal: Principal): Promise<number> {
    const [row] = await this.orm.select({ id: users.id }).from(users).where(eq(users.subject, principal.subject));
    return row ? row.id : (await this.identity.provision(principal)).id;
  }

  /**
   * The caller's own order by its key, or the uniform 404: an order of another account (or a
   * visitor asking for any order) is never distinguished from one that does not exist.
   */
  async ownOrder(principal: Principal | null, orderKey: string): Promise<{ id: number; key: string }> {
    if (!principal) throw notFound();
    const userId = await this.userId(principal);
    const [row] = await this.orm
      .select({ id: orders.id, key: orders.key })
      .from(orders)
      .innerJoin(userAccounts, and(eq(userAccounts.accountId, orders.accountId), eq(userAccounts.userId, userId)))
      .where(eq(orders.key, orderKey));
    if (!row) throw notFound();
    return row;
  }

  async file(principal: Principal | null, input: ComplaintInput & { orderKey?: string | null }): Promise<ComplaintRow> {
    const violations = complaintViolations(input, rigaToday(this.now()));
    if (violations.length > 0) throw invalidInput(422, violations);
    const order = input.orderKey ? await this.ownOrder(principal, input.orderKey) : null;
    const userId = principal ? await this.userId(principal) : null;
    const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
    const filed = await this.orm.transaction(async (tx) => {
      const [created] = await tx
        .insert(complaints)
        .values({
          userId,
          orderId: order?.id ?? null,
          type: input.type as string,
          problemType: text(input.problemType),
          source: text(input.source) ?? 'web',
          fullName: (input.fullName as string).trim(),
          email: (input.email as string).trim(),
          phone: text(input.phone),
          isCompany: input.isCompany === true,
          companyName: input.isCompany ? text(input.companyName) : null,
          registrationNumber: input.isCompany ? text(input.registrationNumber) : null,
          shipmentNumber: text(input.shipmentNumber)?.toUpperCase() ?? null,
          complainant: input.complainant as string,
          hasContract: input.hasContract === true,
          contractNumber: input.hasContract ? text(input.contractNumber) : null,
          damageType: input.damageType as string,
          description: (input.description as string).trim(),
          shipmentValueCents: text(input.shipmentValue) ? shipmentValueCents(input.shipmentValue as string) : null,
          refundIban: (input.refundIban as string).replace(/\s/g, '').toUpperCase(),
          comment: text(input.comment),
          discoveredOn: text(input.discoveredOn),
        })
        .returning();
      const row = created as ComplaintRow;
      const submissionNumber = `CMP-${rigaToday(this.now()).slice(0, 4)}-${String(row.id).padStart(6, '0')}`;
      const [numbered] = await tx
        .update(complaints)
        .set({ submissionNumber })
        .where(eq(complaints.id, row.id))
        .returning();
      return numbered as ComplaintRow;
    });
    // The complaint is kept even if the receipt cannot be sent: the number is on the screen too.
    if (this.mail) {
      await this.mail.mailer.send(complaintReceipt(filed, this.mail.portalUrl)).catch(this.mail.onError);
    }
    return filed;
  }

  /** The signed-in caller's complaints, newest first. */
  async list(principal: Principal): Promise<ComplaintRow[]> {
    const userId = await this.userId(principal);
    return this.orm
      .select()
      .from(complaints)
      .where(eq(complaints.userId, userId))
      .orderBy(desc(complaints.createdAt), desc(complaints.id));
  }

  /** One of the caller's complaints; anyone else's is the uniform 404. */
  async get(principal: Principal, id: number): Promise<ComplaintRow> {
    const userId = await this.userId(principal);
    const [row] = await this.orm
      .select()
      .from(complaints)
      .where(and(eq(complaints.id, id), eq(complaints.userId, userId)));
    if (!row) throw notFound();
    return row;
  }
}

export function complaintResource(row: ComplaintRow) {
  return {
    '@id': `/api/complaints/${row.id}`,
    '@type': 'Complaint',
    id: row.id,
    submissionNumber: row.submissionNumber,
    type: row.type,
    problemType: row.problemType,
    complainant: row.complainant,
    damageType: row.damageType,
    shipmentNumber: row.shipmentNumber,
    description: row.description,
    status: row.status,
    answer: row.answer,
    createdAt: row.createdAt.toISOString(),
  };
}
