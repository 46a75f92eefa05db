import type { OrderReport, OrderReportRow, ReportGroup } from '@portal/shared-contracts/admin';
import { addCalendarDays } from '@portal/shared-contracts/calendar';
import { and, count, countDistinct, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { rigaMidnight } from '../../calendar';
import type { Orm } from '../../db';
import type { WorkflowCatalogue } from '../workflows';
import { orderLines, orders } from './schema';

/**
 * Figures of orders for the back office's reports (issue 14 item 10), read here so that the reports
 * module never reads the orders' tables itself. Shipments (order lines) created in a period of Riga
 * days, grouped by day, product (workflow), destination country or line status; revenue is what
 * the lines of paid orders cost. Archived orders (of deleted accounts) count: the post was paid.
 * Test-mode orders (issue 38, an API key's `lvp_test_…` experiments) never count.
 */
export class OrderStatistics {
  constructor(
    private readonly orm: Orm,
    private readonly catalogue: WorkflowCatalogue,
  ) {}

  async report(groupBy: ReportGroup, dateFrom: string, dateTill: string): Promise<OrderReport> {
    const key = groupKey(groupBy);
    const rows = await this.orm
      .select({
        key: sql<string | null>`${key}`,
        shipments: count(),
        orders: countDistinct(orderLines.orderId),
        revenueCents: sql<number>`coalesce(sum(${orderLines.priceCents}) filter (where ${orders.status} = 'paid'), 0)::int`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          gte(orderLines.createdAt, rigaMidnight(dateFrom, 0)),
          lt(orderLines.createdAt, rigaMidnight(dateTill, 1)),
          eq(orderLines.testMode, false),
        ) as SQL,
      )
      .groupBy(key)
      .orderBy(key);
    const labels = groupBy === 'product' ? await this.productLabels() : new Map<string, string>();
    let report: OrderReportRow[] = rows.map((row) => {
      // A line not yet given a product or a destination is still a shipment the report counts.
      const rowKey = row.key ?? '';
      return {
        key: rowKey,
        label: labels.get(rowKey) ?? rowKey,
        shipments: row.shipments,
        orders: row.orders,
        revenueCents: row.revenueCents,
      };
    });
    if (groupBy === 'day') report = everyDay(report, dateFrom, dateTill);
    if (groupBy === 'product' || groupBy === 'country')
      report.sort((a, b) => b.revenueCents - a.revenueCents || b.shipments - a.shipments);
    const [totals] = await this.orm
      .select({
        shipments: count(),
        orders: countDistinct(orderLines.orderId),
        revenueCents: sql<number>`coalesce(sum(${orderLines.priceCents}) filter (where ${orders.status} = 'paid'), 0)::int`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          gte(orderLines.createdAt, rigaMidnight(dateFrom, 0)),
          lt(orderLines.createdAt, rigaMidnight(dateTill, 1)),
          eq(orderLines.testMode, false),
        ),
      );
    return {
      groupBy,
      dateFrom,
      dateTill,
      rows: report,
      totals: totals ?? { shipments: 0, orders: 0, revenueCents: 0 },
    };
  }

  private async productLabels(): Promise<Map<string, string>> {
    const all = await this.catalogue.all();
    return new Map(all.map((workflow) => [String(workflow.id), workflow.label]));
  }
}

function groupKey(groupBy: ReportGroup): SQL {
  switch (groupBy) {
    case 'day':
      return sql`to_char(${orderLines.createdAt} at time zone 'Europe/Riga', 'YYYY-MM-DD')`;
    case 'product':
      return sql`${orderLines.workFlowId}::text`;
    case 'country':
      return sql`${orderLines.countryCode}::text`;
    case 'status':
      return sql`${orderLines.status}`;
  }
}

/** A row for every day of the period, so a chart shows the quiet days as zero rather than skipping them. */
function everyDay(rows: OrderReportRow[], dateFrom: string, dateTill: string): OrderReportRow[] {
  const byDay = new Map(rows.map((row) => [row.key, row]));
  const days: OrderReportRow[] = [];
  for (let day = dateFrom; day <= dateTill; day = addCalendarDays(day, 1)) {
    days.push(byDay.get(day) ?? { key: day, label: day, shipments: 0, orders: 0, revenueCents: 0 });
  }
  return days;
}
