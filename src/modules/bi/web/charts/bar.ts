import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';

/** Registers only the bar chart: loaded with import() when a dashboard shows a bar widget. */
echarts.use([BarChart]);
