import { toDisplayDate } from '@portal/shared-contracts';
import type { OrderReportRow, ReportGroup } from '@portal/shared-contracts/admin';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface ReportChartProps {
  groupBy: ReportGroup;
  rows: OrderReportRow[];
  labels: { shipments: string; revenue: string };
}

/**
 * The report's chart: shipments and revenue (euros) over the days of the period as lines, or per
 * product, country or status as bars. Loaded with React.lazy by ReportsPage, so recharts (and d3's
 * parts it brings) reach only the users who open the reports.
 */
export default function ReportChart({ groupBy, rows, labels }: ReportChartProps) {
  const data = rows.map((row) => ({
    // Days as the portal writes dates (DD.MM.YYYY), as in the table below the chart.
    name: groupBy === 'day' ? (toDisplayDate(row.label) ?? row.label) : row.label || '—',
    shipments: row.shipments,
    revenue: row.revenueCents / 100,
  }));
  const Chart = groupBy === 'day' ? LineChart : BarChart;
  return (
    <ResponsiveContainer width="100%" height={320}>
      <Chart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" />
        <YAxis yAxisId="shipments" allowDecimals={false} />
        <YAxis yAxisId="revenue" orientation="right" />
        <Tooltip />
        <Legend />
        {groupBy === 'day' ? (
          <>
            <Line yAxisId="shipments" type="monotone" dataKey="shipments" name={labels.shipments} stroke="#1c7ed6" />
            <Line yAxisId="revenue" type="monotone" dataKey="revenue" name={labels.revenue} stroke="#2f9e44" />
          </>
        ) : (
          <>
            <Bar yAxisId="shipments" dataKey="shipments" name={labels.shipments} fill="#1c7ed6" />
            <Bar yAxisId="revenue" dataKey="revenue" name={labels.revenue} fill="#2f9e44" />
          </>
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
