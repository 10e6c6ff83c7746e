import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';

/** Registers only the line chart: loaded with import() when a dashboard shows a line widget. */
echarts.use([LineChart]);
