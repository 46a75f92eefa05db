import {
  COMPLAINT_CODES,
  COMPLAINT_MESSAGES,
  type Complainant,
  type ComplaintHandlingInput,
  type ComplaintInput,
  type ComplaintSource,
  type ComplaintStatus,
  type ComplaintType,
  complaintAnswerViolations,
  complaintHandlingViolations,
  complaintViolations,
  type DamageType,
  type ProblemType,
  type RefundDecision,
  shipmentValueCents,
} from '@portal/shared-contracts/complaints';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth';
import { rigaDate } from '../../calendar';
import type { Orm } from '../../db';
import { ApiError, invalidInput, notFound, type Violation } from '../../http/problem';
import type { StoredFile } from '../../storage';
import type { IdentityService } from '../identity';
import { isMemberOf } from '../identity';
import type { Mailer } from '../notifications';
import { numberedShipmentsOf, orderOfKey, orderOfShipment } from '../orders';
import { type AttachmentRow, attachmentResource, type ComplaintAttachmentStore, type KeptFile } from './attachments';
import { complaintAnswered, complaintReceipt } from './mail';
import { complaintAttachments, complaints } from './schema';
import type { SpooledFile } from './upload';

export type ComplaintRow = typeof complaints.$inferSelect;
/** A complaint with its files, as the complainant and the back office read it. */
export type ComplaintWithFiles = ComplaintRow & { attachments: AttachmentRow[] };

export const COMPLAINT_NOT_FOUND = 'Complaint not found.';

/** The back office's queue search (GET /api/admin/complaints): every filter optional. */
export interface ComplaintQueueSearch {
  status?: ComplaintStatus;
  refundDecision?: RefundDecision;
  type?: string;
  /** Part of the submission number, shipment number, name or e-mail. */
  q?: string;
  /** Oldest first (the queue's default: the longest-waiting complaint on top) or newest first. */
  order: 'asc' | 'desc';
  page: number;
  itemsPerPage: number;
}

/** `%` and `_` typed in a search are themselves, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The files of a multipart filing, already checked by readComplaintUpload (upload.ts). */
export interface FiledFiles {
  files: readonly SpooledFile[];
  violations: readonly Violation[];
}

export class ComplaintService {
  constructor(
    private readonly orm: Orm,
    private readonly identity: IdentityService,
    private readonly attachments: ComplaintAttachmentStore,
    private readonly now: () => Date = () => new Date(),
    private readonly mail?: { mailer: Mailer; portalUrl: string; onError: (error: unknown) => void },
  ) {}

  /** The caller's user id; -1 (no one's) for reads when no sign-in recorded them yet: nothing is theirs. */
  private async userId(principal: Principal): Promise<number> {
    return (await this.identity.known(principal))?.id ?? -1;
  }

  /** Filing is a write: a caller not yet recorded is recorded now, so their complaint has an owner. */
  private async filingUserId(principal: Principal): Promise<number> {
    return (await this.identity.known(principal))?.id ?? (await this.identity.provision(principal)).id;
  }

  /**
   * The caller's own order by its key, or the uniform 404: an order of another account (or a
   * visitor asking for any order) is never distinguished from one that does not exist.
   */
  async ownOrder(principal: Principal | null, orderKey: string): Promise<{ id: number; key: string }> {
    if (!principal) throw notFound();
    const order = await orderOfKey(this.orm, orderKey);
    if (!order || !(await this.isOwn(principal, order))) throw notFound();
    return { id: order.id, key: order.key };
  }

  /** An order of the caller's for the complaint form, with its shipments' numbers to fill in. */
  async ownOrderForForm(
    principal: Principal | null,
    orderKey: string,
  ): Promise<{ id: number; key: string; shipmentNumbers: string[] }> {
    const order = await this.ownOrder(principal, orderKey);
    const shipments = await numberedShipmentsOf(this.orm, order.id);
    return { ...order, shipmentNumbers: shipments.map((shipment) => shipment.barcode) };
  }

  /** Only a member of the order's account has it (a visitor's order has no account: nobody's). */
  private async isOwn(principal: Principal, order: { accountId: number | null }): Promise<boolean> {
    if (order.accountId === null) return false;
    return isMemberOf(this.orm, await this.userId(principal), order.accountId);
  }

  /**
   * The order a complaint is about: the one named (the caller's, else 404), else the caller's order
   * of the shipment number given (issue 40: "File a complaint" from tracking names only the
   * shipment), else none: a recipient's or a stranger's shipment links no order, and says nothing.
   */
  private async orderOfComplaint(
    principal: Principal | null,
    input: ComplaintInput & { orderKey?: string | null },
  ): Promise<{ id: number } | null> {
    if (input.orderKey) return this.ownOrder(principal, input.orderKey);
    const number = input.shipmentNumber?.trim().toUpperCase();
    if (!principal || !number) return null;
    const order = await orderOfShipment(this.orm, number);
    return order && (await this.isOwn(principal, order)) ? order : null;
  }

  /**
   * Files a complaint with its files (none when it came as JSON). The complaint's rules and the
   * files' rules answer together, so every mistake shows beside its field at once; then the order
   * check. Files go to storage before the transaction and are removed again if it fails: a refused
   * or failed filing keeps nothing.
   */
  async file(
    principal: Principal | null,
    input: ComplaintInput & { orderKey?: string | null },
    upload: FiledFiles = { files: [], violations: [] },
  ): Promise<ComplaintWithFiles> {
    const violations = [...complaintViolations(input, rigaDate(this.now())), ...upload.violations];
    if (violations.length > 0) throw invalidInput(422, violations);
    const order = await this.orderOfComplaint(principal, input);
    const userId = principal ? await this.filingUserId(principal) : null;
    const kept = await this.attachments.keep(upload.files);
    let filed: ComplaintWithFiles;
    try {
      filed = await this.insert(input, userId, order?.id ?? null, kept);
    } catch (error) {
      await this.attachments.forget(kept);
      throw error;
    }
    // The complaint is kept even if the receipt cannot be sent: the number is on the screen too.
    if (this.mail) {
      await this.mail.mailer.send(complaintReceipt(filed, this.mail.portalUrl)).catch(this.mail.onError);
    }
    return filed;
  }

  private async insert(
    input: ComplaintInput,
    userId: number | null,
    orderId: number | null,
    kept: readonly KeptFile[],
  ): Promise<ComplaintWithFiles> {
    const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
    return this.orm.transaction(async (tx) => {
      const [created] = await tx
        .insert(complaints)
        .values({
          userId,
          orderId,
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
      const submissionNumber = `CMP-${rigaDate(this.now()).slice(0, 4)}-${String(row.id).padStart(6, '0')}`;
      const [numbered] = await tx
        .update(complaints)
        .set({ submissionNumber })
        .where(eq(complaints.id, row.id))
        .returning();
      const attachments =
        kept.length === 0
          ? []
          : await tx
              .insert(complaintAttachments)
              .values(kept.map((file) => ({ ...file, complaintId: row.id })))
              .returning();
      return { ...(numbered as ComplaintRow), attachments };
    });
  }

  /** The signed-in caller's complaints, newest first, with their files. */
  async list(principal: Principal): Promise<ComplaintWithFiles[]> {
    const userId = await this.userId(principal);
    const rows = await this.orm
      .select()
      .from(complaints)
      .where(eq(complaints.userId, userId))
      .orderBy(desc(complaints.createdAt), desc(complaints.id));
    const files = await this.attachments.listFor(rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, attachments: files.get(row.id) ?? [] }));
  }

  /** One of the caller's complaints; anyone else's is the uniform 404. */
  async get(principal: Principal, id: number): Promise<ComplaintWithFiles> {
    const userId = await this.userId(principal);
    const [row] = await this.orm
      .select()
      .from(complaints)
      .where(and(eq(complaints.id, id), eq(complaints.userId, userId)));
    if (!row) throw notFound();
    return this.withFiles(row);
  }

  /** A file of one of the caller's complaints; anyone else's (or a visitor's request) is 404. */
  async attachment(
    principal: Principal | null,
    complaintId: number,
    attachmentId: number,
  ): Promise<{ row: AttachmentRow; file: StoredFile }> {
    if (!principal) throw notFound();
    await this.get(principal, complaintId);
    return this.attachments.open(complaintId, attachmentId);
  }

  /** Any complaint, for the back office. */
  async byId(id: number): Promise<ComplaintWithFiles> {
    const [row] = await this.orm.select().from(complaints).where(eq(complaints.id, id));
    if (!row) throw notFound(COMPLAINT_NOT_FOUND);
    return this.withFiles(row);
  }

  /** The back office's queue: filtered, sorted by filing time, one page with the total. */
  async queue(search: ComplaintQueueSearch): Promise<{ items: ComplaintRow[]; totalItems: number }> {
    const conditions: SQL[] = [];
    if (search.status) conditions.push(eq(complaints.status, search.status));
    if (search.refundDecision) conditions.push(eq(complaints.refundDecision, search.refundDecision));
    if (search.type) conditions.push(eq(complaints.type, search.type));
    if (search.q) {
      const pattern = likeText(search.q);
      conditions.push(
        or(
          ilike(complaints.submissionNumber, pattern),
          ilike(complaints.shipmentNumber, pattern),
          ilike(complaints.fullName, pattern),
          ilike(complaints.email, pattern),
        ) as SQL,
      );
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const direction = search.order === 'asc' ? asc : desc;
    const [items, [total]] = await Promise.all([
      this.orm
        .select()
        .from(complaints)
        .where(where)
        .orderBy(direction(complaints.createdAt), direction(complaints.id))
        .limit(search.itemsPerPage)
        .offset((search.page - 1) * search.itemsPerPage),
      this.orm.select({ value: count() }).from(complaints).where(where),
    ]);
    return { items, totalItems: total?.value ?? 0 };
  }

  /**
   * The back office changes a complaint's status (submitted, in review) or its refund decision.
   * The shared rules decide what is allowed; an answered complaint keeps its status.
   */
  async handle(id: number, input: ComplaintHandlingInput): Promise<ComplaintWithFiles> {
    const current = await this.byId(id);
    const violations = complaintHandlingViolations(input, current.status);
    if (violations.length > 0) throw invalidInput(422, violations);
    const [changed] = await this.orm
      .update(complaints)
      .set({
        ...(input.status == null ? {} : { status: input.status }),
        ...(input.refundDecision == null ? {} : { refundDecision: input.refundDecision }),
      })
      .where(eq(complaints.id, id))
      .returning();
    return this.withFiles(changed as ComplaintRow);
  }

  /** A file of any complaint, for the back office. */
  async anyAttachment(complaintId: number, attachmentId: number): Promise<{ row: AttachmentRow; file: StoredFile }> {
    await this.byId(complaintId);
    return this.attachments.open(complaintId, attachmentId);
  }

  /**
   * The post's answer (the back office calls it): the complaint becomes `answered`, the complainant
   * sees the answer in their list and gets it by e-mail in Latvian and English. An answered
   * complaint is not answered again (409): a second e-mail would contradict the first.
   */
  async answerComplaint(id: number, text: string): Promise<ComplaintWithFiles> {
    const violations = complaintAnswerViolations(text);
    if (violations.length > 0) throw invalidInput(422, violations);
    const [answered] = await this.orm
      .update(complaints)
      .set({ status: 'answered', answer: text.trim(), answeredAt: this.now() })
      .where(and(eq(complaints.id, id), inArray(complaints.status, ['submitted', 'in_review'])))
      .returning();
    if (!answered) {
      await this.byId(id); // 404 when there is no such complaint
      throw new ApiError(409, COMPLAINT_MESSAGES.alreadyAnswered, [
        { propertyPath: 'answer', message: COMPLAINT_MESSAGES.alreadyAnswered, code: COMPLAINT_CODES.alreadyAnswered },
      ]);
    }
    // The answer is kept even if the e-mail cannot be sent: the complainant's list shows it.
    if (this.mail) {
      await this.mail.mailer.send(complaintAnswered(answered, this.mail.portalUrl)).catch(this.mail.onError);
    }
    return this.withFiles(answered);
  }

  private async withFiles(row: ComplaintRow): Promise<ComplaintWithFiles> {
    const files = await this.attachments.listFor([row.id]);
    return { ...row, attachments: files.get(row.id) ?? [] };
  }
}

/**
 * A complaint as its complainant reads it (`base`: the back office's links are under /api/admin).
 * The columns are text; the shared rules let only their listed values in (complaintViolations).
 */
export function complaintResource(row: ComplaintWithFiles, base = '/api/complaints') {
  return {
    '@id': `${base}/${row.id}`,
    '@type': 'Complaint' as const,
    id: row.id,
    submissionNumber: row.submissionNumber,
    type: row.type as ComplaintType,
    problemType: row.problemType as ProblemType | null,
    complainant: row.complainant as Complainant,
    damageType: row.damageType as DamageType,
    shipmentNumber: row.shipmentNumber,
    description: row.description,
    status: row.status as ComplaintStatus,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    attachments: row.attachments.map((attachment) => attachmentResource(row.id, attachment, base)),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A complaint as the back office reads it: every field the complainant gave. */
export function complaintAdminResource(row: ComplaintWithFiles) {
  return {
    ...complaintResource(row, '/api/admin/complaints'),
    refundDecision: row.refundDecision as RefundDecision,
    source: row.source as ComplaintSource,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    isCompany: row.isCompany,
    companyName: row.companyName,
    registrationNumber: row.registrationNumber,
    hasContract: row.hasContract,
    contractNumber: row.contractNumber,
    shipmentValueCents: row.shipmentValueCents,
    refundIban: row.refundIban,
    comment: row.comment,
    discoveredOn: row.discoveredOn,
  };
}
