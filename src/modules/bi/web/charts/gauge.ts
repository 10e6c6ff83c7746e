import * as echarts from 'echarts/core';
import { GaugeChart } from 'echarts/charts';

/** Registers only the gauge chart: loaded with import() when a dashboard shows a gauge widget. */
echarts.use([GaugeChart]);
