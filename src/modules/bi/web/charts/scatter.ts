import * as echarts from 'echarts/core';
import { ScatterChart } from 'echarts/charts';

/** Registers only the scatter chart: loaded with import() when a dashboard shows a scatter widget. */
echarts.use([ScatterChart]);
