import * as echarts from 'echarts/core';
import { FunnelChart } from 'echarts/charts';

/** Registers only the funnel chart: loaded with import() when a dashboard shows a funnel widget. */
echarts.use([FunnelChart]);
