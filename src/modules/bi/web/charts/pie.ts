import * as echarts from 'echarts/core';
import { PieChart } from 'echarts/charts';

/** Registers only the pie chart: loaded with import() when a dashboard shows a pie widget. */
echarts.use([PieChart]);
