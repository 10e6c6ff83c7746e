import type { FastifyPluginAsync } from 'fastify';
import './tables';

/** Server face of the data tables (issue 16). Other modules use server/commands/*. */
export const dataTablesServer: FastifyPluginAsync = async () => {};
