import type { FastifyPluginAsync } from 'fastify';
import { applicantRoutes, staffRoutes } from './routes';
import { defineBookingJobs } from './jobs';
import './tables';

/** Server face of service booking (issue 17): bookings, call-backs, permits and their jobs. */
export const serviceBookingServer: FastifyPluginAsync = async (app) => {
  defineBookingJobs(app);
  await app.register(applicantRoutes);
  await app.register(staffRoutes);
};
